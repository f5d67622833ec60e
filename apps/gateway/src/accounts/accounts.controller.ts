import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import {
  ADMIN_ACCOUNT_LIST,
  AccountNameBody,
  DeleteAccountBody,
  InviteBody,
  UpdateAccountBody,
  UpdateMemberBody,
  USER_ACCOUNT_CREATE,
  USER_ACCOUNT_DEFAULTS,
  USER_ACCOUNT_GET,
  USER_ACCOUNT_DELETE,
  USER_ACCOUNT_LIST,
  USER_ACCOUNT_RENAME,
  USER_INVITATION_CANCEL,
  USER_INVITATION_CREATE,
  USER_INVITATION_LIST,
  USER_MEMBER_LEAVE,
  USER_MEMBER_LIST,
  USER_MEMBER_REMOVE,
  USER_MEMBER_UPDATE,
  type AccountDetailView,
  type AccountView,
  type AdminAccountView,
  type InvitationView,
  type MembersChanged,
  type MemberView,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { AdminOnly, SessionOnly } from '../auth/auth.decorators.js';
import { PublicUrl } from '../auth/public-url.js';
import { SessionGate } from '../auth/session-gate.js';
import { Call, type GatewayRequest } from '../http/request-context.js';
import { ID } from '../http/id.pipe.js';

/**
 * /api/accounts/** (user-service, issue 32): the caller's accounts, their members and invitations.
 * Each change to a member ends the access tokens of the people it names: this gateway drops their
 * cached session state at once (the other replicas learn it within SESSION_SYNC_MS).
 */
@SessionOnly()
@Controller('accounts')
export class AccountsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly sessions: SessionGate,
    private readonly publicUrl: PublicUrl,
  ) {}

  @Get()
  list(@Call() call: CallContext): Promise<AccountView[]> {
    return this.rpc.send(USER_ACCOUNT_LIST, {}, call);
  }

  @Post()
  create(@Body() body: AccountNameBody, @Call() call: CallContext): Promise<AccountView> {
    return this.rpc.send(USER_ACCOUNT_CREATE, { name: body.name }, call);
  }

  /** One account of the caller with its defaults (issue 34). */
  @Get(':id')
  one(@Param('id', ID) accountId: number, @Call() call: CallContext): Promise<AccountDetailView> {
    return this.rpc.send(USER_ACCOUNT_GET, { accountId }, call);
  }

  /**
   * A new name (owners), new defaults (owners and managers), or both: the rename first, so a
   * manager's refused rename changes nothing. Without defaults it answers as before.
   */
  @Put(':id')
  async update(
    @Param('id', ID) accountId: number,
    @Body() body: UpdateAccountBody,
    @Call() call: CallContext,
  ): Promise<AccountView | (AccountView & AccountDetailView)> {
    const renamed =
      body.name !== undefined || body.defaults === undefined ? await this.rpc.send(USER_ACCOUNT_RENAME, { accountId, name: body.name as string }, call) : null;
    if (body.defaults === undefined) {
      return renamed as AccountView;
    }
    const detail = await this.rpc.send(USER_ACCOUNT_DEFAULTS, { accountId, defaults: body.defaults }, call);
    const current = renamed ?? (await this.rpc.send(USER_ACCOUNT_LIST, {}, call)).find((a) => a.id === accountId);
    return { ...(current as AccountView), ...detail };
  }

  /** The owner deletes the account; `confirmName` must be its name. */
  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id', ID) accountId: number, @Body() body: DeleteAccountBody, @Call() call: CallContext): Promise<void> {
    this.ended(await this.rpc.send(USER_ACCOUNT_DELETE, { accountId, confirmName: body.confirmName }, call));
  }

  @Get(':id/members')
  members(@Param('id', ID) accountId: number, @Call() call: CallContext): Promise<MemberView[]> {
    return this.rpc.send(USER_MEMBER_LIST, { accountId }, call);
  }

  @Put(':id/members/:userId')
  async updateMember(
    @Param('id', ID) accountId: number,
    @Param('userId', ID) userId: number,
    @Body() body: UpdateMemberBody,
    @Call() call: CallContext,
  ): Promise<MemberView> {
    const member = await this.rpc.send(USER_MEMBER_UPDATE, { accountId, userId, role: body.role, machineIds: body.machineIds }, call);
    this.sessions.forget(userId);
    return member;
  }

  @Delete(':id/members/:userId')
  @HttpCode(204)
  async removeMember(@Param('id', ID) accountId: number, @Param('userId', ID) userId: number, @Call() call: CallContext): Promise<void> {
    this.ended(await this.rpc.send(USER_MEMBER_REMOVE, { accountId, userId }, call));
  }

  @Post(':id/leave')
  @HttpCode(204)
  async leave(@Param('id', ID) accountId: number, @Call() call: CallContext): Promise<void> {
    this.ended(await this.rpc.send(USER_MEMBER_LEAVE, { accountId }, call));
  }

  @Post(':id/invitations')
  invite(@Param('id', ID) accountId: number, @Body() body: InviteBody, @Req() req: GatewayRequest, @Call() call: CallContext): Promise<InvitationView> {
    const message = { accountId, email: body.email, role: body.role, machineIds: body.machineIds, publicUrl: this.publicUrl.of(req) };
    return this.rpc.send(USER_INVITATION_CREATE, message, call);
  }

  @Get(':id/invitations')
  invitations(@Param('id', ID) accountId: number, @Call() call: CallContext): Promise<InvitationView[]> {
    return this.rpc.send(USER_INVITATION_LIST, { accountId }, call);
  }

  @Delete(':id/invitations/:invitationId')
  @HttpCode(204)
  async cancelInvitation(@Param('id', ID) accountId: number, @Param('invitationId', ID) invitationId: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(USER_INVITATION_CANCEL, { accountId, invitationId }, call);
  }

  private ended({ endedSessionsOf }: MembersChanged): void {
    endedSessionsOf.forEach((userId) => this.sessions.forget(userId));
  }
}

/** GET /api/admin/accounts: the instance administrator's list of accounts with their counts (no account's data). */
@Controller('admin/accounts')
export class AdminAccountsController {
  constructor(private readonly rpc: RpcClient) {}

  @AdminOnly()
  @Get()
  list(@Call() call: CallContext): Promise<AdminAccountView[]> {
    return this.rpc.send(ADMIN_ACCOUNT_LIST, {}, call);
  }
}
