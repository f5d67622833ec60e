import { ErrorCode, PLACEHOLDER_PASSWORD_MESSAGE } from '@wrenchlog/contracts';
import { accountColumns, approves, changeEffects, checkAccountChange } from './admin-users.rules.js';

const disabled = { id: 7, enabled: false };
const enabled = { id: 7, enabled: true };
const PLACEHOLDER = 'a-b-c-d-e-f';

describe('the administrator account change rules', () => {
  it('calls the approve call an approval always, and an edit one only when it enables a disabled account', () => {
    expect(approves(enabled, { approval: true, enabled: true })).toBe(true);
    expect(approves(disabled, { enabled: true })).toBe(true);
    expect(approves(enabled, { enabled: true })).toBe(false);
    expect(approves(disabled, { enabled: false })).toBe(false);
    expect(approves(disabled, { name: 'x' })).toBe(false);
  });

  it('refuses an approval that carries a placeholder password, with the spec message', () => {
    for (const [account, change] of [
      [disabled, { approval: true, enabled: true, password: PLACEHOLDER }],
      [enabled, { approval: true, enabled: true, password: PLACEHOLDER }],
      [disabled, { enabled: true, password: PLACEHOLDER }],
    ] as const) {
      expect(() => checkAccountChange(account, change, 1)).toThrow(
        expect.objectContaining({ code: ErrorCode.Conflict, message: PLACEHOLDER_PASSWORD_MESSAGE }),
      );
    }
  });

  it('lets through an approval without a password or with a real one, and a placeholder that approves nothing', () => {
    expect(() => checkAccountChange(disabled, { approval: true, enabled: true }, 1)).not.toThrow();
    expect(() => checkAccountChange(disabled, { approval: true, enabled: true, password: 'one-two-three-four-five' }, 1)).not.toThrow();
    expect(() => checkAccountChange(enabled, { enabled: true, password: PLACEHOLDER }, 1)).not.toThrow();
    expect(() => checkAccountChange(disabled, { password: PLACEHOLDER }, 1)).not.toThrow();
  });

  it('refuses an administrator disabling their own account, and only that', () => {
    expect(() => checkAccountChange(enabled, { enabled: false }, 7)).toThrow(
      expect.objectContaining({ code: ErrorCode.Conflict, message: 'You cannot disable your own account.' }),
    );
    expect(() => checkAccountChange(enabled, { enabled: false }, 8)).not.toThrow();
    expect(() => checkAccountChange(enabled, { name: 'x' }, 7)).not.toThrow();
  });

  it('writes only the columns the change names, trimmed, with the hash and its placeholder flag', () => {
    expect(accountColumns({}, undefined)).toEqual({});
    expect(accountColumns({ name: ' A ', userSelfDescription: '  ' }, undefined)).toEqual({ name: 'A', userSelfDescription: null });
    expect(accountColumns({ userSelfDescription: null, enabled: false }, undefined)).toEqual({ userSelfDescription: null, enabled: false });
    expect(accountColumns({ password: 'Real-one-1' }, 'hash')).toEqual({ passwordHash: 'hash', passwordIsPlaceholder: false });
    expect(accountColumns({ password: PLACEHOLDER }, 'hash')).toEqual({ passwordHash: 'hash', passwordIsPlaceholder: true });
  });

  it('ends the sessions after a new password or a disabling, and sends the link when the account became enabled', () => {
    expect(changeEffects(disabled, enabled, false)).toEqual({ endSessions: false, sendSetupLink: true });
    expect(changeEffects(disabled, enabled, true)).toEqual({ endSessions: true, sendSetupLink: true });
    expect(changeEffects(enabled, disabled, false)).toEqual({ endSessions: true, sendSetupLink: false });
    expect(changeEffects(enabled, enabled, false)).toEqual({ endSessions: false, sendSetupLink: false });
  });
});
