import { OUTBOX_MIGRATIONS } from '@wrenchlog/platform';
import { CreateUsers1763740000000 } from './1763740000000-create-users.js';
import { AdminContactsMailJobs1763741000000 } from './1763741000000-admin-contacts-mail-jobs.js';
import { PasswordTokens1763760000000 } from './1763760000000-password-tokens.js';
import { SessionVersion1763770000000 } from './1763770000000-session-version.js';
import { NotificationMailKeys1765000000000 } from './1765000000000-notification-mail-keys.js';
import { Accounts1766000000000 } from './1766000000000-accounts.js';
import { AccountManagement1766200000000 } from './1766200000000-account-management.js';
import { ApiTokens1766300000000 } from './1766300000000-api-tokens.js';
import { Preferences1766300000100 } from './1766300000100-preferences.js';

export const migrations = [
  CreateUsers1763740000000,
  AdminContactsMailJobs1763741000000,
  PasswordTokens1763760000000,
  SessionVersion1763770000000,
  NotificationMailKeys1765000000000,
  Accounts1766000000000,
  // The outbox came with issue 32 step 4 (ACCOUNT_MEMBER_SAVED); for an existing database it is simply pending.
  ...OUTBOX_MIGRATIONS,
  AccountManagement1766200000000,
  ApiTokens1766300000000,
  Preferences1766300000100,
];
