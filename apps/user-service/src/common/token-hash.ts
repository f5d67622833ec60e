import { createHash } from 'node:crypto';

/** SHA-256 (hex) of a token handed to a user: refresh tokens and set-password links are stored only as this. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
