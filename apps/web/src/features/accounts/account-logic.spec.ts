import { ApiError } from '../../api/client';
import { accountNameError, assignableRoles, emailError, machinesText, mayManage, refusal } from './account-logic';
import { readInvitationView } from './accounts-api';

describe('account logic', () => {
  it('lets an owner give every role and a manager every role but owner', () => {
    expect(assignableRoles('owner')).toEqual(['owner', 'manager', 'mechanic', 'operator', 'viewer']);
    expect(assignableRoles('manager')).toEqual(['manager', 'mechanic', 'operator', 'viewer']);
  });

  it('lets a manager manage members other than owners', () => {
    expect(mayManage('manager', 'owner')).toBe(false);
    expect(mayManage('manager', 'mechanic')).toBe(true);
    expect(mayManage('owner', 'owner')).toBe(true);
    expect(mayManage('viewer', 'operator')).toBe(false);
  });

  it('writes a member\'s machines as "All machines" or a count with the names it knows', () => {
    const names = new Map([
      [1, 'Digger'],
      [2, 'Loader'],
    ]);
    expect(machinesText(null, names)).toBe('All machines');
    expect(machinesText([], names)).toBe('No machines');
    expect(machinesText([1, 2], names)).toBe('2 machines: Digger, Loader');
    expect(machinesText([9], names)).toBe('1 machine');
  });

  it('checks an account name and an email before sending', () => {
    expect(accountNameError(' ')).toBe('Account name is required');
    expect(accountNameError('x'.repeat(101))).toBe('Account name must be at most 100 characters');
    expect(accountNameError('Farm')).toBeNull();
    expect(emailError('')).toBe('Email is required');
    expect(emailError('maria@')).toBe('Enter a valid email address');
    expect(emailError('maria@example.com')).toBeNull();
  });

  it("says the server's field message, else its message for a 4xx, else the fallback", () => {
    const conflict = new ApiError(409, { code: 'CONFLICT', message: 'An account must keep at least one owner' });
    const field = new ApiError(400, { message: 'Validation failed', errors: [{ field: 'email', message: 'Already a member' }] } as never);
    expect(refusal(conflict, 'fallback')).toBe('An account must keep at least one owner');
    expect(refusal(field, 'fallback')).toBe('Already a member');
    expect(refusal(new ApiError(500, null), 'fallback')).toBe('fallback');
    expect(refusal(new Error('network'), 'fallback')).toBe('fallback');
  });

  it('reads an invitation whose account and inviter come as names or as {id, name}', () => {
    expect(readInvitationView({ accountName: 'Farm', inviterName: 'Maria', role: 'operator', email: 'o@x.io' })).toMatchObject({
      accountId: null,
      accountName: 'Farm',
      inviterName: 'Maria',
      role: 'operator',
      email: 'o@x.io',
    });
    expect(readInvitationView({ account: { id: 4, name: 'Yard' }, inviter: { id: 1, name: 'Pat' }, role: 'viewer' })).toMatchObject({
      accountId: 4,
      accountName: 'Yard',
      inviterName: 'Pat',
    });
  });
});
