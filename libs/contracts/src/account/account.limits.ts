// Accounts and roles (issue 32): a member of an account has one role. What each role may do is
// the services' policy; the list and its order (most rights first) are shared with the web app.
export const ACCOUNT_ROLES = ['owner', 'manager', 'mechanic', 'operator', 'viewer'] as const;

export type AccountRole = (typeof ACCOUNT_ROLES)[number];
