import { MEMBERS_MIGRATIONS, OUTBOX_MIGRATIONS } from '@wrenchlog/platform';
import { CreateSchedules1764000000000 } from './1764000000000-create-schedules.js';
import { IndexReadingsSource1764300000000 } from './1764300000000-index-readings-source.js';
import { AddReadingImportColumns1765100000000 } from './1765100000000-add-reading-import-columns.js';
import { AddScheduleImportColumns1765300000000 } from './1765300000000-add-schedule-import-columns.js';
import { MoveToAccounts1766100000100 } from './1766100000100-move-to-accounts.js';

export const migrations = [
  ...OUTBOX_MIGRATIONS,
  CreateSchedules1764000000000,
  IndexReadingsSource1764300000000,
  AddReadingImportColumns1765100000000,
  AddScheduleImportColumns1765300000000,
  ...MEMBERS_MIGRATIONS,
  MoveToAccounts1766100000100,
];
import { AddReadingVoidedBy1767100000000 } from './1767100000000-add-reading-voided-by.js';
migrations.push(AddReadingVoidedBy1767100000000);
import { AddScheduleJobTemplate1767600000000 } from './1767600000000-add-schedule-job-template.js';
migrations.push(AddScheduleJobTemplate1767600000000);
