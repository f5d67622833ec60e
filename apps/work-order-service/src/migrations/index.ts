import { MEMBERS_MIGRATIONS } from '@wrenchlog/platform';
import { CreateWork1767000000000 } from './1767000000000-create-work.js';
import { AddIssueMeters1767300000000 } from './1767300000000-add-issue-meters.js';
import { CreateInspections1767500000000 } from './1767500000000-create-inspections.js';
import { AddStockVersion1767510000100 } from './1767510000100-add-stock-version.js';

// work-order-service emits no events yet (notifications and webhooks of issue 35 are a later
// step), so it has no outbox. It is among account.member.saved's subscribers (MembersModule).
export const migrations = [
  ...MEMBERS_MIGRATIONS,
  CreateWork1767000000000,
  AddIssueMeters1767300000000,
  CreateInspections1767500000000,
  AddStockVersion1767510000100,
];
