import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  JoinBody,
  USER_INVITATION_ACCEPT,
  USER_INVITATION_ACCEPT_MINE,
  USER_INVITATION_MINE,
  USER_INVITATION_JOIN,
  USER_INVITATION_PREVIEW,
  type InvitationPreview,
  type JoinedAccount,
  type LoginResponse,
  type MyInvitation,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import type { FastifyReply } from 'fastify';
import { GatewayEnv } from '../config/gateway-env.js';
import { Public, SessionOnly } from '../auth/auth.decorators.js';
import { answerSession } from '../auth/session-answer.js';
import { TokenService } from '../auth/token.service.js';
import { Call } from '../http/request-context.js';
import { ID } from '../http/id.pipe.js';
import { validBody } from '../http/valid-body.js';

/**
 * /api/invitations/{token}: an emailed invitation's link (issue 32). The token is the credential (32
 * random bytes: not guessable, so no rate limit of its own).
 */
@SessionOnly()
@Controller('invitations')
export class InvitationsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly tokens: TokenService,
    private readonly env: GatewayEnv,
  ) {}

  /** Public: the account's name, the inviter and the role, for the link's page. */
  @Public()
  @Get(':token')
  preview(@Param('token') token: string, @Call() call: CallContext): Promise<InvitationPreview> {
    return this.rpc.send(USER_INVITATION_PREVIEW, { token }, call);
  }

  /**
   * Signed in: the caller joins (only with the invited address) and the answer names the account to
   * switch to. Not signed in: `{name, password}` makes a new person, who is signed in at once (the
   * answer and the refresh cookie of sign-in).
   */
  @Public()
  @Post(':token/accept')
  @HttpCode(200)
  async accept(
    @Param('token') token: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Call() call: CallContext,
  ): Promise<JoinedAccount | LoginResponse> {
    if (call.actor) {
      return this.rpc.send(USER_INVITATION_ACCEPT, { token }, call);
    }
    const { name, password } = await validBody(body ?? {}, JoinBody);
    return answerSession(await this.rpc.send(USER_INVITATION_JOIN, { token, name, password }, call), reply, this.tokens, this.env.COOKIE_SECURE);
  }
}

/** /api/user/invitations: the signed-in person's open invitations, which wait in their account switcher. */
@SessionOnly()
@Controller('user/invitations')
export class MyInvitationsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  list(@Call() call: CallContext): Promise<MyInvitation[]> {
    return this.rpc.send(USER_INVITATION_MINE, {}, call);
  }

  /** Joins the account of one of them (no link needed: it is the caller's own address). */
  @Post(':id/accept')
  @HttpCode(200)
  accept(@Param('id', ID) invitationId: number, @Call() call: CallContext): Promise<JoinedAccount> {
    return this.rpc.send(USER_INVITATION_ACCEPT_MINE, { invitationId }, call);
  }
}
