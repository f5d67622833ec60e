// User Management's page size, password minimum and placeholder rule, without class-validator: the
// DTOs in user-admin.contract.ts are built from them, the user service refuses an approval with them,
// and the SPA loads them through `@wrenchlog/contracts/limits`.

/** Admin user list page size of the spec's User Management section. */
export const ADMIN_USER_PAGE_SIZE = 5;
export const MIN_PASSWORD_LENGTH = 8;

export const PLACEHOLDER_PASSWORD_MESSAGE = 'Please update the password before approving the user. The current password appears to be a placeholder.';

/** The spec's rule: a password with more than 4 hyphens is a placeholder, never a real one. */
export function isPlaceholderPassword(password: string | null | undefined): boolean {
  return typeof password === 'string' && (password.match(/-/g)?.length ?? 0) > 4;
}

/** An account name is one line of printable text: NUL, line breaks and tabs are refused (issue 36). */
export const ACCOUNT_NAME_SINGLE_LINE = 'Account name must be one line without control characters';
