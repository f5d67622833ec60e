import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ACCOUNT_MEMBER_SAVED, type MemberSavedEvent, type RpcMessage } from '@wrenchlog/contracts';
import { MemberDirectory } from './member-directory.js';

@Controller()
export class MembersController {
  constructor(private readonly members: MemberDirectory) {}

  @EventPattern(ACCOUNT_MEMBER_SAVED)
  async memberSaved(@Payload() m: RpcMessage<MemberSavedEvent>): Promise<void> {
    await this.members.onSaved(m?.payload);
  }
}
