import { Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { IMAGE_BACKFILL_DEFAULT_LIMIT, IMAGE_BACKFILL_RUN, IMAGE_STATS_GET, ImageBackfillQuery, type ImageStats } from '@wrenchlog/contracts';
import { badRequest, RpcClient, type CallContext } from '@wrenchlog/platform';
import { AdminOnly } from '../auth/auth.decorators.js';
import { Call } from '../http/request-context.js';

/** Account size (Settings) and the image backfill (Admin), both answered by the image worker. */
@Controller()
export class AccountImagesController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * GET /api/user/{id}/imageStats: the sizes of the account the caller is in, asked by their own
   * user id (an administrator may ask for any user's own account, whose id is the user's).
   */
  @Get('user/:id/imageStats')
  imageStats(@Param('id') id: string, @Call() call: CallContext): Promise<ImageStats> {
    if (!/^\d{1,10}$/.test(id) || Number(id) <= 0) {
      throw badRequest('Invalid user ID');
    }
    const accountId = Number(id) === call.actor?.userId ? call.actor.accountId : Number(id);
    return this.rpc.send(IMAGE_STATS_GET, { accountId }, call);
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
