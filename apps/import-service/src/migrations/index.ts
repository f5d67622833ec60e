import { MEMBERS_MIGRATIONS } from '@wrenchlog/platform';
import { CreateImports1764100000000 } from './1764100000000-create-imports.js';
import { AddImportJob1764200000000 } from './1764200000000-add-import-job.js';
import { CreateExports1764250000000 } from './1764250000000-create-exports.js';
import { AddImportRetention1764300000000 } from './1764300000000-add-import-retention.js';
import { AddSameNameMachines1765200000000 } from './1765200000000-add-same-name-machines.js';
import { CreateImportPhotos1765300000000 } from './1765300000000-create-import-photos.js';
import { AddImportWriteOrder1765400000000 } from './1765400000000-add-import-write-order.js';
import { MoveToAccounts1766100000100 } from './1766100000100-move-to-accounts.js';

export const migrations = [
  CreateImports1764100000000,
  AddImportJob1764200000000,
  CreateExports1764250000000,
  AddImportRetention1764300000000,
  AddSameNameMachines1765200000000,
  CreateImportPhotos1765300000000,
  AddImportWriteOrder1765400000000,
  ...MEMBERS_MIGRATIONS,
  MoveToAccounts1766100000100,
];
