import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  USER_PASSWORD_CHANGE,
  USER_PASSWORD_FORGOT,
  USER_PASSWORD_SET,
  type ChangePasswordMessage,
  type ForgotPasswordMessage,
  type RpcMessage,
  SetPasswordRequest,
  type Actor,
  ForgotPasswordRequest,
  ChangePasswordRequest,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { PasswordService } from './password.service.js';

@Controller()
export class PasswordController {
  constructor(private readonly passwords: PasswordService) {}

  @ValidInput(ForgotPasswordRequest, { besides: ['publicUrl'] })
  @MessagePattern(USER_PASSWORD_FORGOT)
  forgot(@Payload() m: RpcMessage<ForgotPasswordMessage>) {
    return this.passwords.forgot(m.payload);
  }

  @ValidInput(SetPasswordRequest)
  @MessagePattern(USER_PASSWORD_SET)
  set(@Payload() m: RpcMessage<SetPasswordRequest>) {
    return this.passwords.setWithToken(m.payload);
  }

  @ValidInput(ChangePasswordRequest, { besides: ['refreshToken'] })
  @MessagePattern(USER_PASSWORD_CHANGE)
  change(@Payload() m: RpcMessage<ChangePasswordMessage>, @Caller() caller: Actor) {
    return this.passwords.change(caller, m.payload);
  }
}
