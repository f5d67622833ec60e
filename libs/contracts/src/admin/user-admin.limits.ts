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
