import { MEMBERS_MIGRATIONS, OUTBOX_MIGRATIONS } from '@wrenchlog/platform';
import { CreateLedger1763740100000 } from './1763740100000-create-ledger.js';
import { CreateDocuments1764100000000 } from './1764100000000-create-documents.js';
import { MoveToAccounts1766100000100 } from './1766100000100-move-to-accounts.js';

export const migrations = [...OUTBOX_MIGRATIONS, CreateLedger1763740100000, CreateDocuments1764100000000, ...MEMBERS_MIGRATIONS, MoveToAccounts1766100000100];
