import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ADMIN_USER_APPROVE,
  ADMIN_USER_LIST,
  ADMIN_USER_SIGNUP,
  ADMIN_USER_UPDATE,
  type AdminUserApproveRequest,
  type AdminUserUpdateRequest,
  type RpcMessage,
  type SignupMessage,
} from '@wrenchlog/contracts';
import { AdminUsersService } from './admin-users.service.js';

@Controller()
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @MessagePattern(ADMIN_USER_SIGNUP)
  signup(@Payload() m: RpcMessage<SignupMessage>) {
    return this.users.signup(m.payload);
  }

  @MessagePattern(ADMIN_USER_LIST)
  list(@Payload() m: RpcMessage<{ page: number; size: number }>) {
    return this.users.list(m.actor, m.payload.page, m.payload.size);
  }

  @MessagePattern(ADMIN_USER_UPDATE)
  update(@Payload() m: RpcMessage<AdminUserUpdateRequest>) {
    return this.users.update(m.actor, m.payload);
  }

  @MessagePattern(ADMIN_USER_APPROVE)
  approve(@Payload() m: RpcMessage<AdminUserApproveRequest>) {
    return this.users.approve(m.actor, m.payload);
  }
}
