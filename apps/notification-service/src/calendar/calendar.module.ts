import { Module } from '@nestjs/common';
import { CalendarInstall } from './calendar-install.js';
import { CalendarController } from './calendar.controller.js';
import { CalendarService } from './calendar.service.js';

/** The private calendar feed and its hashed token. */
@Module({ controllers: [CalendarController], providers: [CalendarService, CalendarInstall] })
export class CalendarModule {}
