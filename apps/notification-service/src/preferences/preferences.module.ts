import { Module } from '@nestjs/common';
import { OutboxModule } from '@wrenchlog/platform';
import { PreferencesController } from './preferences.controller.js';
import { PreferencesService } from './preferences.service.js';

/** Each member's channels per kind, digest time and time zone, per account. */
@Module({
  imports: [OutboxModule],
  controllers: [PreferencesController],
  providers: [PreferencesService],
  exports: [PreferencesService],
})
export class PreferencesModule {}
