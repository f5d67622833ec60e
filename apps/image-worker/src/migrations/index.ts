import { OUTBOX_MIGRATIONS } from '@wrenchlog/platform';
import { CreateLedger1763740100000 } from './1763740100000-create-ledger.js';
import { CreateDocuments1764100000000 } from './1764100000000-create-documents.js';

export const migrations = [...OUTBOX_MIGRATIONS, CreateLedger1763740100000, CreateDocuments1764100000000];
