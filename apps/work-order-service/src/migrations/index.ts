import { MEMBERS_MIGRATIONS, OUTBOX_MIGRATIONS } from '@wrenchlog/platform';
import { CreateWork1767000000000 } from './1767000000000-create-work.js';
import { AddIssueMeters1767300000000 } from './1767300000000-add-issue-meters.js';
import { CreateInspections1767500000000 } from './1767500000000-create-inspections.js';
import { AddStockVersion1767510000100 } from './1767510000100-add-stock-version.js';
import { AddPendingCompletion1767521000000 } from './1767521000000-add-pending-completion.js';
import { CreateJobTemplates1767600000000 } from './1767600000000-create-job-templates.js';
import { CreateIssueImages1767600000100 } from './1767600000100-create-issue-images.js';

// The outbox came with the machine out-of-service event (issue 35); its migrations are older than
// the work tables' and run on a database that has those already (TypeORM runs what is pending).
// It is among account.member.saved's subscribers (MembersModule).
export const migrations = [
  ...OUTBOX_MIGRATIONS,
  ...MEMBERS_MIGRATIONS,
  CreateWork1767000000000,
  AddIssueMeters1767300000000,
  CreateInspections1767500000000,
  AddStockVersion1767510000100,
  AddPendingCompletion1767521000000,
  CreateJobTemplates1767600000000,
  CreateIssueImages1767600000100,
];
