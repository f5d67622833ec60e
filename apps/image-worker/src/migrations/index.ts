import { CreateOutbox1763740000500 } from '@wrenchlog/platform';
import { CreateLedger1763740100000 } from './1763740100000-create-ledger.js';

export const migrations = [CreateOutbox1763740000500, CreateLedger1763740100000];
