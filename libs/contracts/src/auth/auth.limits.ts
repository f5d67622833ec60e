// Password length cap, without class-validator: the DTOs in auth.contract.ts and
// user-admin.contract.ts check it, and the SPA loads it through `@wrenchlog/contracts/limits`.

/** Passwords are capped so a huge body cannot make argon2 burn CPU. */
export const MAX_PASSWORD_LENGTH = 128;
