import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CreateApiTokenBody, USER_TOKEN_CREATE, USER_TOKEN_LIST, USER_TOKEN_REVOKE, type ApiTokenView, type CreatedApiToken } from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { Call } from '../http/request-context.js';
import { ID } from '../http/id.pipe.js';
import { ApiTokenGate } from './api-token-gate.js';
import { SessionOnly } from './auth.decorators.js';

/**
 * /api/tokens (user-service, issue 33): the caller's personal API tokens (an owner's or manager's:
 * the account's). Managed in a signed-in session only. A revoked token stops on this replica at
 * once, on the others at their next session poll.
 */
@SessionOnly()
@Controller('tokens')
export class TokensController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly gate: ApiTokenGate,
  ) {}

  /** The token is in this answer only. */
  @Post()
  create(@Body() body: CreateApiTokenBody, @Call() call: CallContext): Promise<CreatedApiToken> {
    return this.rpc.send(USER_TOKEN_CREATE, body, call);
  }

  @Get()
  list(@Call() call: CallContext): Promise<ApiTokenView[]> {
    return this.rpc.send(USER_TOKEN_LIST, {}, call);
  }

  @Delete(':id')
  @HttpCode(204)
  async revoke(@Param('id', ID) tokenId: number, @Call() call: CallContext): Promise<void> {
    await this.rpc.send(USER_TOKEN_REVOKE, { tokenId }, call);
    this.gate.forget(tokenId);
  }
}
