import { CreateFuelPurchase1763740004000 } from './1763740004000-create-fuel-purchase.js';
import { CreateKnownMachines1763760000000 } from './1763760000000-create-known-machines.js';

export const migrations = [CreateFuelPurchase1763740004000, CreateKnownMachines1763760000000];
