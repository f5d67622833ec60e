import { CreateReports1764100000000 } from './1764100000000-create-reports.js';

// report-service emits no events, so it has no outbox.
export const migrations = [CreateReports1764100000000];
