import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  CloseIssueInput,
  ISSUE_BY_MACHINE,
  ISSUE_CLOSE,
  ISSUE_CREATE,
  ISSUE_DELETE,
  ISSUE_GET,
  ISSUE_LIST,
  ISSUE_RESOLVE,
  ISSUE_UPDATE,
  IssueInput,
  IssueListQuery,
  IssueUpdateInput,
  ResolveIssueInput,
  WorkMessages,
  type Issue,
  type IssuePage,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { ImageUploads } from '../images/image-uploads.js';
import { IdPipe } from '../http/id.pipe.js';
import { Call } from '../http/request-context.js';
import { validBody } from '../http/valid-body.js';
import { issueView } from './issue-image-view.js';

const machineId = new IdPipe(WorkMessages.invalidMachineId);
const issueId = new IdPipe(WorkMessages.invalidIssueId);

/** Issues (issue 35, work-order-service): a machine's problems, reported, resolved or closed. */
@Controller()
export class IssuesController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly uploads: ImageUploads,
  ) {}

  @Post('machines/:id/issues')
  async create(@Param('id', machineId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<Issue> {
    const issue = await validBody(body, IssueInput);
    return this.rpc.send(ISSUE_CREATE, { machineId: id, issue }, call);
  }

  @Get('machines/:id/issues')
  async byMachine(@Param('id', machineId) id: number, @Call() call: CallContext): Promise<Issue[]> {
    return (await this.rpc.send(ISSUE_BY_MACHINE, { machineId: id }, call)).map((issue) => issueView(this.uploads, issue));
  }

  /** ?status=open,in_progress&priority=&machineId=&page=&size= */
  @Get('issues')
  list(@Query() query: IssueListQuery, @Call() call: CallContext): Promise<IssuePage> {
    return this.rpc.send(ISSUE_LIST, query, call);
  }

  @Get('issues/:id')
  async get(@Param('id', issueId) id: number, @Call() call: CallContext): Promise<Issue> {
    return issueView(this.uploads, await this.rpc.send(ISSUE_GET, { id }, call));
  }

  @Put('issues/:id')
  async update(@Param('id', issueId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<Issue> {
    const issue = await validBody(body, IssueUpdateInput);
    return this.rpc.send(ISSUE_UPDATE, { id, issue }, call);
  }

  @Delete('issues/:id')
  @HttpCode(204)
  async remove(@Param('id', issueId) id: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(ISSUE_DELETE, { id }, call);
  }

  @Post('issues/:id/resolve')
  @HttpCode(200)
  async resolve(@Param('id', issueId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<Issue> {
    const { note } = await validBody(body ?? {}, ResolveIssueInput);
    return this.rpc.send(ISSUE_RESOLVE, { id, note }, call);
  }

  @Post('issues/:id/close')
  @HttpCode(200)
  async close(@Param('id', issueId) id: number, @Body() body: unknown, @Call() call: CallContext): Promise<Issue> {
    const { reason } = await validBody(body, CloseIssueInput);
    return this.rpc.send(ISSUE_CLOSE, { id, reason }, call);
  }
}
