import { Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  accountActor,
  IMAGE_BACKFILL_DEFAULT_LIMIT,
  IMAGE_BACKFILL_RUN,
  IMAGE_STATS_GET,
  ImageBackfillQuery,
  isAdmin,
  USER_ACCOUNT_LIST,
  type ImageStats,
} from '@wrenchlog/contracts';
import { badRequest, notFound, RpcClient, type CallContext } from '@wrenchlog/platform';
import { AdminOnly } from '../auth/auth.decorators.js';
import { Call } from '../http/request-context.js';

/** Account size (Settings) and the image backfill (Admin), both answered by the image worker. */
@Controller()
export class AccountImagesController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * GET /api/user/{id}/imageStats: the sizes of the account the caller is in, asked by their own
   * user id. An administrator may ask for any user's: the account that user owns (user-service
   * knows which; an account made since accounts has its own id), and the image worker checks
   * that only an administrator reads an account they are not in.
   */
  @Get('user/:id/imageStats')
  async imageStats(@Param('id') id: string, @Call() call: CallContext): Promise<ImageStats> {
    if (!/^\d{1,10}$/.test(id) || Number(id) <= 0) {
      throw badRequest('Invalid user ID');
    }
    const userId = Number(id);
    const accountId = userId === call.actor?.userId ? call.actor.accountId : isAdmin(call.actor) ? await this.ownedAccountOf(userId, call) : userId;
    return this.rpc.send(IMAGE_STATS_GET, { accountId }, call);
  }

  /** The account a user owns (their first, else the first they belong to), as user-service lists their memberships. */
  private async ownedAccountOf(userId: number, call: CallContext): Promise<number> {
    const accounts = await this.rpc.send(USER_ACCOUNT_LIST, {}, { ...call, actor: accountActor(userId, userId) });
    const account = accounts.find((a) => a.role === 'owner') ?? accounts[0];
    if (!account) {
      throw notFound('User not found');
    }
    return account.id;
  }

  /** POST /api/admin/images/backfill-sizes?limit=7: makes missing thumbnails and sizes; answers a text message. */
  @AdminOnly()
  @Post('admin/images/backfill-sizes')
  @HttpCode(200)
  @Header('content-type', 'text/plain; charset=utf-8')
  async backfill(@Query() query: ImageBackfillQuery, @Call() call: CallContext): Promise<string> {
    const reply = await this.rpc.send(IMAGE_BACKFILL_RUN, { limit: query.limit ?? IMAGE_BACKFILL_DEFAULT_LIMIT }, call);
    return reply.message;
  }
}
