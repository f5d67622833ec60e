import { CreateFuelPurchase1763740004000 } from './1763740004000-create-fuel-purchase.js';

export const migrations = [CreateFuelPurchase1763740004000];
