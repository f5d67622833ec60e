import { MEMBERS_MIGRATIONS, OUTBOX_MIGRATIONS } from '@wrenchlog/platform';
import { CreateNotifications1765000000000 } from './1765000000000-create-notifications.js';
import { CreateWebhooks1765000000100 } from './1765000000100-create-webhooks.js';
import { CreateCalendarTokens1765000000200 } from './1765000000200-create-calendar-tokens.js';
import { CreatePush1765000000300 } from './1765000000300-create-push.js';
import { CreatePartStock1765000000400 } from './1765000000400-create-part-stock.js';
import { CreateWeeklyReports1765000000500 } from './1765000000500-create-weekly-reports.js';
import { MoveToAccounts1766100000100 } from './1766100000100-move-to-accounts.js';
import { CreateIssueReports1767600000000 } from './1767600000000-create-issue-reports.js';

export const migrations = [
  ...OUTBOX_MIGRATIONS,
  CreateNotifications1765000000000,
  CreateWebhooks1765000000100,
  CreateCalendarTokens1765000000200,
  CreatePush1765000000300,
  CreatePartStock1765000000400,
  CreateWeeklyReports1765000000500,
  ...MEMBERS_MIGRATIONS,
  MoveToAccounts1766100000100,
  CreateIssueReports1767600000000,
];
