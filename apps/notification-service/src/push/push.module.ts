import { Module } from '@nestjs/common';
import { PushController } from './push.controller.js';
import { PushService } from './push.service.js';
import { VapidKeys } from './vapid-keys.js';

/** Browser push: VAPID keys, subscriptions, the test and the pushes of new notifications. */
@Module({ controllers: [PushController], providers: [PushService, VapidKeys], exports: [PushService] })
export class PushModule {}
