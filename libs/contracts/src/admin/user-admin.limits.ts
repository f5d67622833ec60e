// User Management's page size and password minimum, without class-validator: the DTOs in
// user-admin.contract.ts are built from them, and the SPA loads them through `@wrenchlog/contracts/limits`.

/** Admin user list page size of the spec's User Management section. */
export const ADMIN_USER_PAGE_SIZE = 5;
export const MIN_PASSWORD_LENGTH = 8;
