import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { USER_ME, USER_ME_UPDATE, type RpcMessage, UpdateMeRequest, type UserMeRequest, type Actor } from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { UsersService } from './users.service.js';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(USER_ME)
  me(@Payload() m: RpcMessage<UserMeRequest>, @Caller() caller: Actor) {
    return this.users.me(caller);
  }

  @ValidInput(UpdateMeRequest)
  @MessagePattern(USER_ME_UPDATE)
  updateMe(@Payload() m: RpcMessage<UpdateMeRequest>, @Caller() caller: Actor) {
    return this.users.updateMe(caller, m.payload);
  }
}
