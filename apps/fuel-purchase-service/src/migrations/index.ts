import { OUTBOX_MIGRATIONS } from '@wrenchlog/platform';
import { CreateFuelPurchase1763740004000 } from './1763740004000-create-fuel-purchase.js';

// The outbox came with issue 21 (fuel.record.saved/deleted); for an existing database it is simply pending.
export const migrations = [CreateFuelPurchase1763740004000, ...OUTBOX_MIGRATIONS];
