import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  NOTIFICATION_PREFERENCES_GET,
  NOTIFICATION_PREFERENCES_UPDATE,
  NOTIFICATION_TIME_ZONE_EXPORT,
  type ExportPageRequest,
  type NotificationPreferencesInput,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { PreferencesService } from './preferences.service.js';

@Controller()
export class PreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  @MessagePattern(NOTIFICATION_PREFERENCES_GET)
  get(@Payload() m: RpcMessage<Record<string, never>>) {
    return this.preferences.get(m.actor);
  }

  @MessagePattern(NOTIFICATION_PREFERENCES_UPDATE)
  update(@Payload() m: RpcMessage<NotificationPreferencesInput>) {
    return this.preferences.update(m.actor, m.payload, m.meta);
  }

  @MessagePattern(NOTIFICATION_TIME_ZONE_EXPORT)
  timeZonePage(@Payload() m: RpcMessage<ExportPageRequest>) {
    return this.preferences.timeZonePage(m.actor, m.payload);
  }
}
