import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  JOB_TEMPLATE_CREATE,
  JOB_TEMPLATE_DELETE,
  JOB_TEMPLATE_GET,
  JOB_TEMPLATE_LIST,
  JOB_TEMPLATE_UPDATE,
  JobTemplateInput,
  type Actor,
  type CreateJobTemplateRequest,
  type JobTemplateIdRequest,
  type RpcMessage,
  type UpdateJobTemplateRequest,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { JobTemplatesService } from './job-templates.service.js';

/** Job templates (issue 35): part of the work-order policy, read with `workorder.read` and kept with `workorder.write`. */
@Controller()
export class JobTemplatesController {
  constructor(private readonly templates: JobTemplatesService) {}

  @MessagePattern(JOB_TEMPLATE_LIST)
  list(@Caller('workorder.read') caller: Actor) {
    return this.templates.list(caller);
  }

  @MessagePattern(JOB_TEMPLATE_GET)
  get(@Payload() m: RpcMessage<JobTemplateIdRequest>, @Caller('workorder.read') caller: Actor) {
    return this.templates.get(caller, m.payload?.id);
  }

  @ValidInput(JobTemplateInput, { at: 'template' })
  @MessagePattern(JOB_TEMPLATE_CREATE)
  create(@Payload() m: RpcMessage<CreateJobTemplateRequest>, @Caller('workorder.write') caller: Actor) {
    return this.templates.create(caller, m.payload.template, m.meta);
  }

  @ValidInput(JobTemplateInput, { at: 'template' })
  @MessagePattern(JOB_TEMPLATE_UPDATE)
  update(@Payload() m: RpcMessage<UpdateJobTemplateRequest>, @Caller('workorder.write') caller: Actor) {
    return this.templates.update(caller, m.payload?.id, m.payload.template, m.meta);
  }

  @MessagePattern(JOB_TEMPLATE_DELETE)
  delete(@Payload() m: RpcMessage<JobTemplateIdRequest>, @Caller('workorder.write') caller: Actor) {
    return this.templates.delete(caller, m.payload?.id);
  }
}
