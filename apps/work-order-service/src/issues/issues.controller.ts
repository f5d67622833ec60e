import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
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
  type Actor,
  type CloseIssueRequest,
  type CreateIssueRequest,
  type IssueIdRequest,
  type MachineIssuesRequest,
  type ResolveIssueRequest,
  type RpcMessage,
  type UpdateIssueRequest,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { IssuesService } from './issues.service.js';

@Controller()
export class IssuesController {
  constructor(private readonly issues: IssuesService) {}

  @ValidInput(IssueInput, { at: 'issue' })
  @MessagePattern(ISSUE_CREATE)
  create(@Payload() m: RpcMessage<CreateIssueRequest>, @Caller('issue.report') caller: Actor) {
    return this.issues.create(caller, m.payload, m.meta);
  }

  @MessagePattern(ISSUE_BY_MACHINE)
  byMachine(@Payload() m: RpcMessage<MachineIssuesRequest>, @Caller('issue.read') caller: Actor) {
    return this.issues.byMachine(caller, m.payload?.machineId);
  }

  @ValidInput(IssueListQuery)
  @MessagePattern(ISSUE_LIST)
  list(@Payload() m: RpcMessage<IssueListQuery>, @Caller('issue.read') caller: Actor) {
    return this.issues.list(caller, m.payload);
  }

  @MessagePattern(ISSUE_GET)
  get(@Payload() m: RpcMessage<IssueIdRequest>, @Caller('issue.read') caller: Actor) {
    return this.issues.get(caller, m.payload?.id);
  }

  @ValidInput(IssueUpdateInput, { at: 'issue' })
  @MessagePattern(ISSUE_UPDATE)
  update(@Payload() m: RpcMessage<UpdateIssueRequest>, @Caller('issue.write') caller: Actor) {
    return this.issues.update(caller, m.payload);
  }

  @MessagePattern(ISSUE_DELETE)
  delete(@Payload() m: RpcMessage<IssueIdRequest>, @Caller('issue.write') caller: Actor) {
    return this.issues.delete(caller, m.payload?.id, m.meta);
  }

  @ValidInput(ResolveIssueInput, { besides: ['id'] })
  @MessagePattern(ISSUE_RESOLVE)
  resolve(@Payload() m: RpcMessage<ResolveIssueRequest>, @Caller('issue.write') caller: Actor) {
    return this.issues.resolve(caller, m.payload, m.meta);
  }

  @ValidInput(CloseIssueInput, { besides: ['id'] })
  @MessagePattern(ISSUE_CLOSE)
  close(@Payload() m: RpcMessage<CloseIssueRequest>, @Caller('issue.write') caller: Actor) {
    return this.issues.close(caller, m.payload);
  }
}
