import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AccountIdMessage,
  InvitationIdMessage,
  InvitationTokenMessage,
  InviteMessage,
  JoinMessage,
  MyInvitationMessage,
  USER_INVITATION_ACCEPT_MINE,
  USER_INVITATION_MINE,
  USER_INVITATION_ACCEPT,
  USER_INVITATION_CANCEL,
  USER_INVITATION_CREATE,
  USER_INVITATION_JOIN,
  USER_INVITATION_LIST,
  USER_INVITATION_PREVIEW,
  type Actor,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { InvitationsService } from './invitations.service.js';

@Controller()
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @ValidInput(InviteMessage)
  @MessagePattern(USER_INVITATION_CREATE)
  create(@Payload() m: RpcMessage<InviteMessage>, @Caller() caller: Actor) {
    return this.invitations.create(caller, m.payload);
  }

  @ValidInput(AccountIdMessage)
  @MessagePattern(USER_INVITATION_LIST)
  list(@Payload() m: RpcMessage<AccountIdMessage>, @Caller() caller: Actor) {
    return this.invitations.list(caller, m.payload);
  }

  @ValidInput(InvitationIdMessage)
  @MessagePattern(USER_INVITATION_CANCEL)
  cancel(@Payload() m: RpcMessage<InvitationIdMessage>, @Caller() caller: Actor) {
    return this.invitations.cancel(caller, m.payload);
  }

  /** Public: the link is the credential. */
  @ValidInput(InvitationTokenMessage)
  @MessagePattern(USER_INVITATION_PREVIEW)
  preview(@Payload() m: RpcMessage<InvitationTokenMessage>) {
    return this.invitations.preview(m.payload);
  }

  @ValidInput(InvitationTokenMessage)
  @MessagePattern(USER_INVITATION_ACCEPT)
  accept(@Payload() m: RpcMessage<InvitationTokenMessage>, @Caller() caller: Actor) {
    return this.invitations.accept(caller, m.payload);
  }

  @MessagePattern(USER_INVITATION_MINE)
  mine(@Payload() _m: RpcMessage<Record<string, never>>, @Caller() caller: Actor) {
    return this.invitations.mine(caller);
  }

  @ValidInput(MyInvitationMessage)
  @MessagePattern(USER_INVITATION_ACCEPT_MINE)
  acceptMine(@Payload() m: RpcMessage<MyInvitationMessage>, @Caller() caller: Actor) {
    return this.invitations.acceptMine(caller, m.payload);
  }

  /** Public: a new person joins with the link, a name and a password. */
  @ValidInput(JoinMessage)
  @MessagePattern(USER_INVITATION_JOIN)
  join(@Payload() m: RpcMessage<JoinMessage>) {
    return this.invitations.joinAsNewPerson(m.payload);
  }
}
