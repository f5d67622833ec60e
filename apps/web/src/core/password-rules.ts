import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@wrenchlog/contracts/limits';

/** The password rules the server applies, checked before sending. */
export function newPasswordError(password: string): string | undefined {
  if (!password) {
    return 'New password is required';
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  }
  return undefined;
}
