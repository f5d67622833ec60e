import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { NOTIFICATION_MAIL_REQUESTED, type NotificationMailRequestedEvent, type RpcMessage } from '@wrenchlog/contracts';
import { NotificationMailService } from './notification-mail.service.js';

@Controller()
export class NotificationMailController {
  constructor(private readonly mails: NotificationMailService) {}

  @EventPattern(NOTIFICATION_MAIL_REQUESTED)
  requested(@Payload() m: RpcMessage<NotificationMailRequestedEvent>) {
    return this.mails.onRequested(m);
  }
}
