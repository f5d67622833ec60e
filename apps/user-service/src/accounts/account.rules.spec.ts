import { ErrorCode } from '@wrenchlog/contracts';
import { handlerCallers } from '@wrenchlog/platform';
import { assignmentFor, requireConfirmedName, requireMayManage, requireOwnerLeft, requireRight } from './account.rules.js';
import { AccountsController } from './accounts.controller.js';
import { InvitationsController } from './invitations.controller.js';

describe('account rules', () => {
  it('answers 404 to a non-member and 403 with the role to a member without the right', () => {
    expect(() => requireRight(null, 'members.manage')).toThrow(expect.objectContaining({ code: ErrorCode.NotFound, message: 'Account not found' }));
    expect(() => requireRight({ role: 'viewer' }, 'members.manage')).toThrow(
      expect.objectContaining({ code: ErrorCode.Forbidden, message: 'Your role (viewer) cannot manage members' }),
    );
    expect(requireRight({ role: 'manager' }, 'members.manage')).toBe('manager');
  });

  it('lets a manager manage members other than owners, and make nobody an owner', () => {
    expect(() => requireMayManage('manager', { role: 'mechanic' }, 'viewer')).not.toThrow();
    expect(() => requireMayManage('manager', { role: 'owner' }, 'owner')).toThrow(expect.objectContaining({ code: ErrorCode.Forbidden }));
    expect(() => requireMayManage('manager', null, 'owner')).toThrow(expect.objectContaining({ code: ErrorCode.Forbidden }));
    expect(() => requireMayManage('owner', { role: 'owner' }, 'viewer')).not.toThrow();
  });

  it('keeps the last owner (409) and lets a co-owner go', () => {
    expect(() => requireOwnerLeft({ role: 'owner' }, 'manager', 1)).toThrow(
      expect.objectContaining({ code: ErrorCode.Conflict, details: [expect.objectContaining({ field: 'role' })] }),
    );
    expect(() => requireOwnerLeft({ role: 'owner' }, null, 1)).toThrow(expect.objectContaining({ code: ErrorCode.Conflict }));
    expect(() => requireOwnerLeft({ role: 'owner' }, null, 2)).not.toThrow();
    expect(() => requireOwnerLeft({ role: 'viewer' }, null, 1)).not.toThrow();
  });

  it('keeps assignments only for mechanics and operators, sorted and without repeats', () => {
    expect(assignmentFor('operator', [3, 1, 3])).toEqual([1, 3]);
    expect(assignmentFor('mechanic', undefined, [2])).toEqual([2]);
    expect(assignmentFor('mechanic', null, [2])).toBeNull();
    expect(assignmentFor('viewer', undefined, [2])).toBeNull();
    expect(() => assignmentFor('viewer', [1])).toThrow(
      expect.objectContaining({ code: ErrorCode.Validation, details: [expect.objectContaining({ field: 'machineIds' })] }),
    );
  });

  it('deletes only with the name typed as it is', () => {
    expect(() => requireConfirmedName('Hill Farm', ' Hill Farm ')).not.toThrow();
    expect(() => requireConfirmedName('Hill Farm', 'hill farm')).toThrow(expect.objectContaining({ code: ErrorCode.Validation }));
  });

  it('takes the caller of every message but the two the link itself authorises; the administrator list is admin-only', () => {
    expect(handlerCallers(InvitationsController)).toEqual({ create: 'user', list: 'user', cancel: 'user', accept: 'user', mine: 'user', acceptMine: 'user' });
    expect(handlerCallers(AccountsController)).toEqual({
      assignment: 'user',
      list: 'user',
      names: 'user',
      create: 'user',
      rename: 'user',
      delete: 'user',
      listMembers: 'user',
      updateMember: 'user',
      removeMember: 'user',
      leave: 'user',
      adminList: 'admin',
    });
  });
});
