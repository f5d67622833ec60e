import { MEMBERS_MIGRATIONS, OUTBOX_MIGRATIONS } from '@wrenchlog/platform';
import { CreateMachines1763740200000 } from './1763740200000-create-machines.js';
import { AddMachineArchived1764000000000 } from './1764000000000-add-machine-archived.js';
import { AddMetersAt1764000000100 } from './1764000000100-add-meters-at.js';
import { AddImportColumns1764200000000 } from './1764200000000-add-import-columns.js';
import { IndexRecentlyServiced1764300000000 } from './1764300000000-index-recently-serviced.js';
import { MoveToAccounts1766100000100 } from './1766100000100-move-to-accounts.js';
import { AddSerialNumber1767400000000 } from './1767400000000-add-serial-number.js';
import { AddOutOfService1767520000000 } from './1767520000000-add-out-of-service.js';

export const migrations = [
  ...OUTBOX_MIGRATIONS,
  CreateMachines1763740200000,
  AddMachineArchived1764000000000,
  AddMetersAt1764000000100,
  AddImportColumns1764200000000,
  IndexRecentlyServiced1764300000000,
  ...MEMBERS_MIGRATIONS,
  MoveToAccounts1766100000100,
  AddSerialNumber1767400000000,
  AddOutOfService1767520000000,
];
