import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  NOTIFICATION_PREFERENCES_GET,
  NOTIFICATION_PREFERENCES_UPDATE,
  type NotificationPreferencesInput,
  type RpcMessage,
  type Actor,
} from '@wrenchlog/contracts';
import { Caller } from '@wrenchlog/platform';
import { PreferencesService } from './preferences.service.js';

@Controller()
export class PreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  @MessagePattern(NOTIFICATION_PREFERENCES_GET)
  get(@Caller() caller: Actor) {
    return this.preferences.get(caller);
  }

  @MessagePattern(NOTIFICATION_PREFERENCES_UPDATE)
  update(@Payload() m: RpcMessage<NotificationPreferencesInput>, @Caller() caller: Actor) {
    return this.preferences.update(caller, m.payload, m.meta);
  }
}
