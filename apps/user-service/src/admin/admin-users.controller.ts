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
  type Actor,
  SignupRequest,
  AdminUserListQuery,
  AdminUserUpdateBody,
  AdminUserApproveBody,
} from '@wrenchlog/contracts';
import { AdminCaller, ValidInput } from '@wrenchlog/platform';
import { AdminUsersService } from './admin-users.service.js';

@Controller()
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @ValidInput(SignupRequest, { besides: ['publicUrl'] })
  @MessagePattern(ADMIN_USER_SIGNUP)
  signup(@Payload() m: RpcMessage<SignupMessage>) {
    return this.users.signup(m.payload);
  }

  @ValidInput(AdminUserListQuery)
  @MessagePattern(ADMIN_USER_LIST)
  list(@Payload() m: RpcMessage<{ page: number; size: number }>, @AdminCaller() _caller: Actor) {
    return this.users.list(m.payload.page, m.payload.size);
  }

  @ValidInput(AdminUserUpdateBody, { besides: ['id', 'publicUrl'] })
  @MessagePattern(ADMIN_USER_UPDATE)
  update(@Payload() m: RpcMessage<AdminUserUpdateRequest>, @AdminCaller() caller: Actor) {
    return this.users.update(caller, m.payload);
  }

  @ValidInput(AdminUserApproveBody, { besides: ['id', 'publicUrl'] })
  @MessagePattern(ADMIN_USER_APPROVE)
  approve(@Payload() m: RpcMessage<AdminUserApproveRequest>, @AdminCaller() caller: Actor) {
    return this.users.approve(caller, m.payload);
  }
}
