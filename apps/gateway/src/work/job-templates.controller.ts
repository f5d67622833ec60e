import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  JOB_TEMPLATE_CREATE,
  JOB_TEMPLATE_DELETE,
  JOB_TEMPLATE_GET,
  JOB_TEMPLATE_LIST,
  JOB_TEMPLATE_UPDATE,
  JobTemplateInput,
  JobTemplateMessages,
  type JobTemplate,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { IdPipe } from '../http/id.pipe.js';
import { Call } from '../http/request-context.js';
import { validBody } from '../http/valid-body.js';

const templateId = new IdPipe(JobTemplateMessages.invalidTemplateId);

/** Job templates (issue 35, work-order-service): a named job's steps and kit, which work orders start from. */
@Controller('job-templates')
export class JobTemplatesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  list(@Call() call: CallContext): Promise<JobTemplate[]> {
    return this.rpc.send(JOB_TEMPLATE_LIST, {}, call);
  }

  @Post()
  async create(@Body() body: unknown, @Call() call: CallContext): Promise<JobTemplate> {
    const template = await validBody(body, JobTemplateInput);
    return this.rpc.send(JOB_TEMPLATE_CREATE, { template }, call);
  }

  @Get(':id')
  get(@Param('id', templateId) id: number, @Call() call: CallContext): Promise<JobTemplate> {
    return this.rpc.send(JOB_TEMPLATE_GET, { id }, call);
  }

  @Put(':id')
  async update(@Param('id', templateId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<JobTemplate> {
    const template = await validBody(body, JobTemplateInput);
    return this.rpc.send(JOB_TEMPLATE_UPDATE, { id, template }, call);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', templateId) id: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(JOB_TEMPLATE_DELETE, { id }, call);
  }
}
