import { OUTBOX_MIGRATIONS } from '@wrenchlog/platform';
import { CreateLedger1763740100000 } from './1763740100000-create-ledger.js';

export const migrations = [...OUTBOX_MIGRATIONS, CreateLedger1763740100000];
