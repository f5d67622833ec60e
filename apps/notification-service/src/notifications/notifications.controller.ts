import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  NOTIFICATION_LIST,
  NOTIFICATION_READ,
  NOTIFICATION_UNREAD_COUNT,
  type MarkReadInput,
  type NotificationListQuery,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { NotificationsService } from './notifications.service.js';

@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @MessagePattern(NOTIFICATION_LIST)
  list(@Payload() m: RpcMessage<NotificationListQuery>) {
    return this.notifications.list(m.actor, m.payload);
  }

  @MessagePattern(NOTIFICATION_UNREAD_COUNT)
  unreadCount(@Payload() m: RpcMessage<Record<string, never>>) {
    return this.notifications.unreadCount(m.actor);
  }

  @MessagePattern(NOTIFICATION_READ)
  read(@Payload() m: RpcMessage<MarkReadInput>) {
    return this.notifications.markRead(m.actor, m.payload);
  }
}
