import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AccountDefaultsMessage,
  AccountIdMessage,
  PreferencesInput,
  USER_ACCOUNT_DEFAULTS,
  USER_ACCOUNT_GET,
  USER_PREFERENCES_GET,
  USER_PREFERENCES_UPDATE,
  type Actor,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { PreferencesService } from './preferences.service.js';

// Every member has their own preferences; the account's defaults need 'account.defaults', checked in
// the service against the role in the account named (which need not be the caller's current one).
@Controller()
export class PreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  @MessagePattern(USER_PREFERENCES_GET)
  get(@Payload() _m: RpcMessage<Record<string, never>>, @Caller() caller: Actor) {
    return this.preferences.get(caller);
  }

  @ValidInput(PreferencesInput)
  @MessagePattern(USER_PREFERENCES_UPDATE)
  update(@Payload() m: RpcMessage<PreferencesInput>, @Caller() caller: Actor) {
    return this.preferences.update(caller, m.payload);
  }

  @ValidInput(AccountIdMessage)
  @MessagePattern(USER_ACCOUNT_GET)
  account(@Payload() m: RpcMessage<AccountIdMessage>, @Caller() caller: Actor) {
    return this.preferences.account(caller, m.payload.accountId);
  }

  @ValidInput(AccountDefaultsMessage)
  @MessagePattern(USER_ACCOUNT_DEFAULTS)
  setDefaults(@Payload() m: RpcMessage<AccountDefaultsMessage>, @Caller() caller: Actor) {
    return this.preferences.setDefaults(caller, m.payload);
  }
}
