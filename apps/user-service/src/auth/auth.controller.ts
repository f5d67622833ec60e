import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  USER_AUTH_LOGIN,
  USER_AUTH_LOGOUT,
  USER_AUTH_REFRESH,
  LoginRequest,
  type LogoutRequest,
  type RefreshRequest,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { ValidInput } from '@wrenchlog/platform';
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

  @MessagePattern(USER_AUTH_LOGOUT)
  logout(@Payload() m: RpcMessage<LogoutRequest>) {
    return this.auth.logout(m.payload.refreshToken);
  }
}
