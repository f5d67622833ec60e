import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_JOB_LIST, ADMIN_JOB_RUN, type JobRunRequest, type RpcMessage, JobRunBody, type Actor } from '@wrenchlog/contracts';
import { AdminCaller, ValidInput } from '@wrenchlog/platform';
import { JobsService } from './jobs.service.js';

@Controller()
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @MessagePattern(ADMIN_JOB_LIST)
  list(@AdminCaller() _caller: Actor) {
    return this.jobs.list();
  }

  @ValidInput(JobRunBody, { besides: ['id'] })
  @MessagePattern(ADMIN_JOB_RUN)
  run(@Payload() m: RpcMessage<JobRunRequest>, @AdminCaller() caller: Actor) {
    return this.jobs.run(caller, m.payload, m.meta?.correlationId);
  }
}
