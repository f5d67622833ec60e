import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ACCOUNT_DELETED, ACCOUNT_MEMBER_SAVED, type AccountDeletedEvent, type MemberSavedEvent, type RpcMessage } from '@wrenchlog/contracts';
import { AccountPurge } from './account-purge.js';
import { MemberDirectory } from './member-directory.js';

@Controller()
export class MembersController {
  constructor(
    private readonly members: MemberDirectory,
    private readonly purge: AccountPurge,
  ) {}

  @EventPattern(ACCOUNT_MEMBER_SAVED)
  async memberSaved(@Payload() m: RpcMessage<MemberSavedEvent>): Promise<void> {
    await this.members.onSaved(m?.payload);
  }

  @EventPattern(ACCOUNT_DELETED)
  async accountDeleted(@Payload() m: RpcMessage<AccountDeletedEvent>): Promise<void> {
    await this.purge.onDeleted(m?.payload);
  }
}
