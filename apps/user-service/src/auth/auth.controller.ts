import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  USER_AUTH_LOGIN,
  USER_AUTH_LOGOUT,
  USER_AUTH_REFRESH,
  USER_AUTH_SWITCH,
  LoginRequest,
  SwitchAccountMessage,
  type Actor,
  type LogoutRequest,
  type RefreshRequest,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { AuthService } from './auth.service.js';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @ValidInput(LoginRequest)
  @MessagePattern(USER_AUTH_LOGIN)
  login(@Payload() m: RpcMessage<LoginRequest>) {
    return this.auth.login(m.payload);
  }

  @MessagePattern(USER_AUTH_REFRESH)
  refresh(@Payload() m: RpcMessage<RefreshRequest>) {
    return this.auth.refresh(m.payload.refreshToken);
  }

  /** Any member may switch to another account of theirs; the account decides the new token's role. */
  @ValidInput(SwitchAccountMessage)
  @MessagePattern(USER_AUTH_SWITCH)
  switchAccount(@Payload() m: RpcMessage<SwitchAccountMessage>, @Caller() caller: Actor) {
    return this.auth.switchAccount(caller, m.payload);
  }

  @MessagePattern(USER_AUTH_LOGOUT)
  logout(@Payload() m: RpcMessage<LogoutRequest>) {
    return this.auth.logout(m.payload.refreshToken);
  }
}
