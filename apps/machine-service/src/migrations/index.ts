import { OUTBOX_MIGRATIONS } from '@wrenchlog/platform';
import { CreateMachines1763740200000 } from './1763740200000-create-machines.js';

export const migrations = [...OUTBOX_MIGRATIONS, CreateMachines1763740200000];
