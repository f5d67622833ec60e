import { Module } from '@nestjs/common';
import { Outbox } from './outbox.js';

import { AddOutboxTarget1763760000000 } from './add-outbox-target.migration.js';
import { CreateOutbox1763740000500 } from './create-outbox.migration.js';

/** The outbox table's migrations, in order: put them first in a publishing service's migrations. */
export const OUTBOX_MIGRATIONS = [CreateOutbox1763740000500, AddOutboxTarget1763760000000];

/** Import in a service that publishes events; add OutboxEvent to its entities and OUTBOX_MIGRATIONS to its migrations. */
@Module({ providers: [Outbox], exports: [Outbox] })
export class OutboxModule {}
