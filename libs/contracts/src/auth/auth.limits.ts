// Password length cap, without class-validator: the DTOs in auth.contract.ts and
// user-admin.contract.ts check it, and the SPA loads it through `@wrenchlog/contracts/limits`.

/** Passwords are capped so a huge body cannot make argon2 burn CPU. */
export const MAX_PASSWORD_LENGTH = 128;

/** The approval email's set-password link stays valid this long (issue 18). */
export const SETUP_LINK_TTL_HOURS = 48;
/** A forgotten-password link stays valid this long. */
export const RESET_LINK_TTL_HOURS = 1;
/** What POST /api/auth/forgot-password answers, whether or not the email has an account. */
export const FORGOT_PASSWORD_REPLY = 'If an account exists for this email, we have sent it a link to choose a new password. The link expires after 1 hour.';
/** A set-password link that is unknown, expired or already used. */
export const PASSWORD_LINK_INVALID = 'This link has expired or was already used. Ask for a new one on the sign-in page (Forgot password?).';
