import { Module } from '@nestjs/common';
import { Outbox } from './outbox.js';

/** Import in a service that publishes events; add OutboxEvent to its entities and CreateOutbox to its migrations. */
@Module({ providers: [Outbox], exports: [Outbox] })
export class OutboxModule {}
