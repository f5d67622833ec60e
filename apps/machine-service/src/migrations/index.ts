import { CreateOutbox1763740000500 } from '@wrenchlog/platform';
import { CreateMachines1763740200000 } from './1763740200000-create-machines.js';

export const migrations = [CreateOutbox1763740000500, CreateMachines1763740200000];
