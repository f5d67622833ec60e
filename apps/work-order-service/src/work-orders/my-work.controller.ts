import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MY_WORK_LIST, type Actor, type MyWorkRequest, type RpcMessage } from '@wrenchlog/contracts';
import { Caller, MoneyByAccount } from '@wrenchlog/platform';
import { MyWorkService } from './my-work.service.js';

// The caller's work spans their accounts, so the handler takes any member (`@Caller()` without a
// right): MachineAccess.acrossAccounts asks the right in each account's role, as the policy of this service.
@Controller()
export class MyWorkController {
  constructor(private readonly myWork: MyWorkService) {}

  @MoneyByAccount()
  @MessagePattern(MY_WORK_LIST)
  list(@Payload() m: RpcMessage<MyWorkRequest>, @Caller() caller: Actor) {
    return this.myWork.list(caller, m.meta);
  }
}
