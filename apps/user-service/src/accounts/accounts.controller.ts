import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ADMIN_ACCOUNT_LIST,
  AccountIdMessage,
  AccountNameBody,
  DeleteAccountMessage,
  MemberIdMessage,
  RenameAccountMessage,
  UpdateMemberMessage,
  USER_ACCOUNT_CREATE,
  USER_ACCOUNT_DELETE,
  USER_ACCOUNT_LIST,
  USER_ACCOUNT_NAMES,
  USER_ACCOUNT_RENAME,
  USER_MEMBER_ASSIGNMENT,
  USER_MEMBER_LEAVE,
  USER_MEMBER_LIST,
  USER_MEMBER_REMOVE,
  USER_MEMBER_UPDATE,
  type Actor,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { AdminCaller, Caller, ValidInput } from '@wrenchlog/platform';
import { AccountsService } from './accounts.service.js';
import { MembersService } from './members.service.js';

// The account named in a message need not be the caller's current one: each service call looks up
// the caller's role in that account (account.rules.ts), so these take `@Caller()` without a right.
@Controller()
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly members: MembersService,
  ) {}

  @MessagePattern(USER_MEMBER_ASSIGNMENT)
  assignment(@Payload() _m: RpcMessage<Record<string, never>>, @Caller() caller: Actor) {
    return this.members.assignmentOf(caller);
  }

  @MessagePattern(USER_ACCOUNT_LIST)
  list(@Payload() _m: RpcMessage<Record<string, never>>, @Caller() caller: Actor) {
    return this.accounts.list(caller);
  }

  @MessagePattern(USER_ACCOUNT_NAMES)
  names(@Payload() _m: RpcMessage<Record<string, never>>, @Caller() caller: Actor) {
    return this.accounts.names(caller);
  }

  @ValidInput(AccountNameBody)
  @MessagePattern(USER_ACCOUNT_CREATE)
  create(@Payload() m: RpcMessage<AccountNameBody>, @Caller() caller: Actor) {
    return this.accounts.create(caller, m.payload.name);
  }

  @ValidInput(RenameAccountMessage)
  @MessagePattern(USER_ACCOUNT_RENAME)
  rename(@Payload() m: RpcMessage<RenameAccountMessage>, @Caller() caller: Actor) {
    return this.accounts.rename(caller, m.payload);
  }

  @ValidInput(DeleteAccountMessage)
  @MessagePattern(USER_ACCOUNT_DELETE)
  delete(@Payload() m: RpcMessage<DeleteAccountMessage>, @Caller() caller: Actor) {
    return this.accounts.delete(caller, m.payload);
  }

  @ValidInput(AccountIdMessage)
  @MessagePattern(USER_MEMBER_LIST)
  listMembers(@Payload() m: RpcMessage<AccountIdMessage>, @Caller() caller: Actor) {
    return this.members.list(caller, m.payload);
  }

  @ValidInput(UpdateMemberMessage)
  @MessagePattern(USER_MEMBER_UPDATE)
  updateMember(@Payload() m: RpcMessage<UpdateMemberMessage>, @Caller() caller: Actor) {
    return this.members.update(caller, m.payload);
  }

  @ValidInput(MemberIdMessage)
  @MessagePattern(USER_MEMBER_REMOVE)
  removeMember(@Payload() m: RpcMessage<MemberIdMessage>, @Caller() caller: Actor) {
    return this.members.remove(caller, m.payload);
  }

  @ValidInput(AccountIdMessage)
  @MessagePattern(USER_MEMBER_LEAVE)
  leave(@Payload() m: RpcMessage<AccountIdMessage>, @Caller() caller: Actor) {
    return this.members.leave(caller, m.payload);
  }

  @MessagePattern(ADMIN_ACCOUNT_LIST)
  adminList(@Payload() _m: RpcMessage<Record<string, never>>, @AdminCaller() _caller: Actor) {
    return this.accounts.adminList();
  }
}
