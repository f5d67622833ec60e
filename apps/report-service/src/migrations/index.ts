import { CreateReports1764100000000 } from './1764100000000-create-reports.js';
import { UsageAndEconomy1764200000000 } from './1764200000000-usage-and-economy.js';
import { ReadModelVersions1764300000000 } from './1764300000000-read-model-versions.js';

// report-service emits no events, so it has no outbox.
export const migrations = [CreateReports1764100000000, UsageAndEconomy1764200000000, ReadModelVersions1764300000000];
