import { Module } from '@nestjs/common';
import { RecipientsModule } from '../recipients/recipients.module.js';
import { CalendarInstall } from './calendar-install.js';
import { CalendarController } from './calendar.controller.js';
import { CalendarService } from './calendar.service.js';

/** The private calendar feed and its hashed token. */
@Module({ imports: [RecipientsModule], controllers: [CalendarController], providers: [CalendarService, CalendarInstall] })
export class CalendarModule {}
