import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  NOTIFICATION_PREFERENCES_GET,
  NOTIFICATION_PREFERENCES_UPDATE,
  NOTIFICATION_TIME_ZONE_EXPORT,
  type Actor,
  type ExportPageRequest,
  NotificationPreferencesInput,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { AdminCaller, Caller, ValidInput } from '@wrenchlog/platform';
import { PreferencesService } from './preferences.service.js';

// Any member (issue 32): each keeps their own settings in each account.
@Controller()
export class PreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  @MessagePattern(NOTIFICATION_PREFERENCES_GET)
  get(@Caller() caller: Actor) {
    return this.preferences.get(caller);
  }

  @ValidInput(NotificationPreferencesInput)
  @MessagePattern(NOTIFICATION_PREFERENCES_UPDATE)
  update(@Payload() m: RpcMessage<NotificationPreferencesInput>, @Caller() caller: Actor) {
    return this.preferences.update(caller, m.payload, m.meta);
  }

  @MessagePattern(NOTIFICATION_TIME_ZONE_EXPORT)
  timeZonePage(@AdminCaller() _admin: Actor, @Payload() m: RpcMessage<ExportPageRequest>) {
    return this.preferences.timeZonePage(m.payload);
  }
}
