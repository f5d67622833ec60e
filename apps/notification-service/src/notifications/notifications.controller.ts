import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  NOTIFICATION_LIST,
  NOTIFICATION_READ,
  NOTIFICATION_UNREAD_COUNT,
  MarkReadInput,
  NotificationListQuery,
  type RpcMessage,
  type Actor,
} from '@wrenchlog/contracts';
import { Caller, ValidInput } from '@wrenchlog/platform';
import { NotificationsService } from './notifications.service.js';

// Any member (issue 32): each sees their own inbox, which the service narrows to what their role and machines allow.
@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @ValidInput(NotificationListQuery)
  @MessagePattern(NOTIFICATION_LIST)
  list(@Payload() m: RpcMessage<NotificationListQuery>, @Caller() caller: Actor) {
    return this.notifications.list(caller, m.payload);
  }

  @MessagePattern(NOTIFICATION_UNREAD_COUNT)
  unreadCount(@Caller() caller: Actor) {
    return this.notifications.unreadCount(caller);
  }

  @ValidInput(MarkReadInput)
  @MessagePattern(NOTIFICATION_READ)
  read(@Payload() m: RpcMessage<MarkReadInput>, @Caller() caller: Actor) {
    return this.notifications.markRead(caller, m.payload);
  }
}
