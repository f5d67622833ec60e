import { Controller, Get, Header, Param, Post, Req } from '@nestjs/common';
import { CALENDAR_FEED, CALENDAR_ROTATE, NotificationMessages, type CalendarLink } from '@wrenchlog/contracts';
import { notFound, RpcClient, type CallContext } from '@wrenchlog/platform';
import type { FastifyRequest } from 'fastify';
import { Public, SessionOnly } from '../auth/auth.decorators.js';
import { PublicUrl } from '../auth/public-url.js';
import { Call } from '../http/request-context.js';

/** The private calendar feed (notification-service): rotate the link, and the feed itself. */
@Controller('calendar')
export class CalendarController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly publicUrl: PublicUrl,
  ) {}

  /**
   * A new secret link; the old one answers 404 from now on. A credential of its own, which a feed
   * reader uses without the token's limits: made in a signed-in session only (issue 33).
   */
  @SessionOnly()
  @Post('token')
  async rotate(@Req() req: FastifyRequest, @Call() call: CallContext): Promise<CalendarLink> {
    const { token } = await this.rpc.send(CALENDAR_ROTATE, {}, call);
    const url = `${this.publicUrl.of(req)}/api/calendar/${token}.ics`;
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
  }

  /** No sign-in: the token in the path is the credential. */
  @Public()
  @Get(':file')
  @Header('content-type', 'text/calendar; charset=utf-8')
  @Header('cache-control', 'private, max-age=300')
  async feed(@Param('file') file: string, @Call() call: CallContext): Promise<string> {
    if (!file.endsWith('.ics')) {
      throw notFound(NotificationMessages.calendarNotFound);
    }
    const { ics } = await this.rpc.send(CALENDAR_FEED, { token: file.slice(0, -'.ics'.length) }, call);
    return ics;
  }
}
