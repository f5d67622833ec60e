import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SCHEDULE_USAGE, type RpcMessage, type UsageRequest } from '@wrenchlog/contracts';
import { UsageService } from './usage.service.js';

@Controller()
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @MessagePattern(SCHEDULE_USAGE)
  get(@Payload() m: RpcMessage<UsageRequest>) {
    return this.usage.get(m.actor, m.payload);
  }
}
