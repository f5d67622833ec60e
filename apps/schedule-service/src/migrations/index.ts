import { OUTBOX_MIGRATIONS } from '@wrenchlog/platform';
import { CreateSchedules1764000000000 } from './1764000000000-create-schedules.js';

export const migrations = [...OUTBOX_MIGRATIONS, CreateSchedules1764000000000];
