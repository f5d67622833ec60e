import { Module } from '@nestjs/common';
import { MembersModule } from '@wrenchlog/platform';
import { PreferencesModule } from '../preferences/preferences.module.js';
import { Recipients } from './recipients.service.js';

/** The members of accounts (MembersModule's projection) as notifications reach them. */
@Module({ imports: [MembersModule, PreferencesModule], providers: [Recipients], exports: [Recipients, MembersModule] })
export class RecipientsModule {}
