import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  MarkReadInput,
  NOTIFICATION_LIST,
  NOTIFICATION_PREFERENCES_GET,
  NOTIFICATION_PREFERENCES_UPDATE,
  NOTIFICATION_READ,
  NOTIFICATION_UNREAD_COUNT,
  NotificationListQuery,
  NotificationPreferencesInput,
  type MarkReadReply,
  type NotificationPage,
  type NotificationPreferences,
} from '@wrenchlog/contracts';
import { RpcClient, type CallContext } from '@wrenchlog/platform';
import { Call } from '../http/request-context.js';
import { validBody } from '../http/valid-body.js';

/** The bell, the list and Settings > Notifications (notification-service). */
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  list(@Query() query: NotificationListQuery, @Call() call: CallContext): Promise<NotificationPage> {
    return this.rpc.send(NOTIFICATION_LIST, query, call);
  }

  /** A bare number. */
  @Get('unread-count')
  unreadCount(@Call() call: CallContext): Promise<number> {
    return this.rpc.send(NOTIFICATION_UNREAD_COUNT, {}, call);
  }

  /** `{ids?: number[]}`: those, or (no ids) every one. */
  @Post('read')
  @HttpCode(200)
  async read(@Body() body: unknown, @Call() call: CallContext): Promise<MarkReadReply> {
    const input = await validBody(body ?? {}, MarkReadInput);
    return this.rpc.send(NOTIFICATION_READ, input, call);
  }

  @Get('preferences')
  preferences(@Call() call: CallContext): Promise<NotificationPreferences> {
    return this.rpc.send(NOTIFICATION_PREFERENCES_GET, {}, call);
  }

  @Put('preferences')
  async updatePreferences(@Body() body: unknown, @Call() call: CallContext): Promise<NotificationPreferences> {
    const input = await validBody(body, NotificationPreferencesInput);
    return this.rpc.send(NOTIFICATION_PREFERENCES_UPDATE, input, call);
  }
}
