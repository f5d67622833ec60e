import { isPlaceholderPassword } from '@wrenchlog/contracts';
import { signupPlaceholderPassword } from './admin-users.service.js';

describe('the placeholder password rule', () => {
  it('calls a password with more than 4 hyphens a placeholder', () => {
    expect(isPlaceholderPassword('a-b-c-d-e-f')).toBe(true);
    expect(isPlaceholderPassword('-----')).toBe(true);
  });

  it('accepts a password with 4 hyphens or fewer as a real one', () => {
    expect(isPlaceholderPassword('one-two-three-four-five')).toBe(false);
    expect(isPlaceholderPassword('Plain-password-1')).toBe(false);
    expect(isPlaceholderPassword('nohyphens')).toBe(false);
  });

  it('has nothing to judge without a password', () => {
    expect(isPlaceholderPassword(undefined)).toBe(false);
    expect(isPlaceholderPassword(null)).toBe(false);
    expect(isPlaceholderPassword('')).toBe(false);
  });

  it('gives every signup a different password that the rule itself calls a placeholder', () => {
    const a = signupPlaceholderPassword();
    const b = signupPlaceholderPassword();

    expect(a).not.toBe(b);
    expect(isPlaceholderPassword(a)).toBe(true);
  });
});
