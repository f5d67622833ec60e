import { rightsOf, roleOf } from './rights';

describe('rights', () => {
  it('takes the role of the user answer, and the owner for an answer without one (a server from before accounts)', () => {
    expect(roleOf({ role: 'operator' })).toBe('operator');
    expect(roleOf({})).toBe('owner');
    expect(roleOf(null)).toBe('owner');
  });

  it('gives an operator no money, no reports and no service records, but fuel and readings', () => {
    const operator = rightsOf('operator');
    expect(operator.money).toBe(false);
    expect(operator.may('report.read')).toBe(false);
    expect(operator.may('record.read')).toBe(false);
    expect(operator.may('fuel.write')).toBe(true);
    expect(operator.may('meter.write')).toBe(true);
  });

  it('lets a viewer read money and reports but change nothing', () => {
    const viewer = rightsOf('viewer');
    expect(viewer.money).toBe(true);
    expect(viewer.may('report.read')).toBe(true);
    expect(viewer.may('fuel.write')).toBe(false);
    expect(viewer.may('members.manage')).toBe(false);
  });

  it('lets owners and managers manage members, only owners the account', () => {
    expect(rightsOf('manager').may('members.manage')).toBe(true);
    expect(rightsOf('manager').may('account.manage')).toBe(false);
    expect(rightsOf('owner').may('account.manage')).toBe(true);
  });
});
