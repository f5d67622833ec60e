import { MEMBERS_MIGRATIONS } from '@wrenchlog/platform';
import { CreateReports1764100000000 } from './1764100000000-create-reports.js';
import { UsageAndEconomy1764200000000 } from './1764200000000-usage-and-economy.js';
import { ReadModelVersions1764300000000 } from './1764300000000-read-model-versions.js';
import { MoveToAccounts1766100000100 } from './1766100000100-move-to-accounts.js';

// report-service emits no events, so it has no outbox. The members' projection comes with the
// accounts (issue 32): report-service is among account.member.saved's subscribers.
export const migrations = [
  CreateReports1764100000000,
  UsageAndEconomy1764200000000,
  ReadModelVersions1764300000000,
  ...MEMBERS_MIGRATIONS,
  MoveToAccounts1766100000100,
];
