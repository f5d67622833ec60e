import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_JOB_LIST, ADMIN_JOB_RUN, type JobRunRequest, type RpcMessage } from '@wrenchlog/contracts';
import { JobsService } from './jobs.service.js';

@Controller()
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @MessagePattern(ADMIN_JOB_LIST)
  list(@Payload() m: RpcMessage<Record<string, never>>) {
    return this.jobs.list(m.actor);
  }

  @MessagePattern(ADMIN_JOB_RUN)
  run(@Payload() m: RpcMessage<JobRunRequest>) {
    return this.jobs.run(m.actor, m.payload, m.meta?.correlationId);
  }
}
