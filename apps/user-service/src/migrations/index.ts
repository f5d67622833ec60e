import { CreateUsers1763740000000 } from './1763740000000-create-users.js';

export const migrations = [CreateUsers1763740000000];
