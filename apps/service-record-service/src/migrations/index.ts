import { MEMBERS_MIGRATIONS, OUTBOX_MIGRATIONS } from '@wrenchlog/platform';
import { CreateServiceRecords1763750000000 } from './1763750000000-create-service-records.js';
import { CreateServiceImages1763750000100 } from './1763750000100-create-service-images.js';
import { SearchTrigramIndexes1763750000200 } from './1763750000200-search-trigram-indexes.js';
import { AddImportColumns1764200000000 } from './1764200000000-add-import-columns.js';
import { ServiceImagesStateIndex1764300000100 } from './1764300000100-service-images-state-index.js';
import { MoveToAccounts1766100000100 } from './1766100000100-move-to-accounts.js';

export const migrations = [
  ...OUTBOX_MIGRATIONS,
  CreateServiceRecords1763750000000,
  CreateServiceImages1763750000100,
  SearchTrigramIndexes1763750000200,
  AddImportColumns1764200000000,
  ServiceImagesStateIndex1764300000100,
  ...MEMBERS_MIGRATIONS,
  MoveToAccounts1766100000100,
];
