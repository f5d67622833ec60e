import { Module } from '@nestjs/common';
import { OutboxModule } from '@wrenchlog/platform';
import { WorkEvents } from './work-events.js';

/** The work context's events for notification-service, written through the outbox (issue 35). */
@Module({ imports: [OutboxModule], providers: [WorkEvents], exports: [WorkEvents] })
export class WorkEventsModule {}
