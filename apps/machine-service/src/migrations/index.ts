import { OUTBOX_MIGRATIONS } from '@wrenchlog/platform';
import { CreateMachines1763740200000 } from './1763740200000-create-machines.js';
import { AddMetersAt1764000000100 } from './1764000000100-add-meters-at.js';

export const migrations = [...OUTBOX_MIGRATIONS, CreateMachines1763740200000, AddMetersAt1764000000100];
