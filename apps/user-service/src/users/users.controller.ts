import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { USER_ME, USER_ME_UPDATE, type RpcMessage, type UpdateMeRequest, type UserMeRequest } from '@wrenchlog/contracts';
import { UsersService } from './users.service.js';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(USER_ME)
  me(@Payload() m: RpcMessage<UserMeRequest>) {
    return this.users.me(m.actor);
  }

  @MessagePattern(USER_ME_UPDATE)
  updateMe(@Payload() m: RpcMessage<UpdateMeRequest>) {
    return this.users.updateMe(m.actor, m.payload);
  }
}
