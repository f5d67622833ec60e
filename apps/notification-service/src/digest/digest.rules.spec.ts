import { digestDateDue, digestEmail, localParts } from './digest.rules.js';

describe('digest timing', () => {
  it('reads the local date and time in the user time zone', () => {
    expect(localParts(new Date('2026-03-01T23:30:00Z'), 'Europe/Paris')).toEqual({ date: '2026-03-02', time: '00:30' });
    expect(localParts(new Date('2026-03-01T03:05:00Z'), 'America/New_York')).toEqual({ date: '2026-02-28', time: '22:05' });
  });

  it('is due from the chosen local time on, for that local date', () => {
    expect(digestDateDue(new Date('2026-03-02T06:59:00Z'), 'Europe/Paris', '08:00')).toBeNull();
    expect(digestDateDue(new Date('2026-03-02T07:00:00Z'), 'Europe/Paris', '08:00')).toBe('2026-03-02');
    expect(digestDateDue(new Date('2026-03-02T22:00:00Z'), 'UTC', '08:00')).toBe('2026-03-02');
  });
});

describe('digest email', () => {
  it('says nothing when there is nothing', () => {
    expect(digestEmail([], '2026-03-02')).toBeNull();
  });

  it('groups by machine, most urgent first', () => {
    const mail = digestEmail(
      [
        { machineId: 2, machineName: 'Tractor', title: 'Grease', state: 'due_soon', reason: 'Due in 3 days' },
        { machineId: 1, machineName: 'Mower', title: 'Blades', state: 'still_overdue', reason: null },
        { machineId: 2, machineName: 'Tractor', title: 'Oil', state: 'overdue', reason: 'Overdue by 5 h' },
      ],
      '2026-03-02',
    )!;
    expect(mail.subject).toBe('Wrenchlog: 3 maintenance items need attention');
    expect(mail.text.split('\n').slice(2, 9)).toEqual([
      'Mower',
      '  - Still overdue: Blades',
      '',
      'Tractor',
      '  - Overdue: Oil (Overdue by 5 h)',
      '  - Due soon: Grease (Due in 3 days)',
      '',
    ]);
  });
});

describe('digest email with issues (issue 35)', () => {
  it('lists the issues reported since the last digest after the maintenance items, by machine', () => {
    const mail = digestEmail([{ machineId: 1, machineName: 'Mower', title: 'Blades', state: 'overdue', reason: null }], '2026-03-02', [
      { machineId: 2, machineName: 'Tractor', title: 'Seat torn', priority: 'low' },
      { machineId: 1, machineName: 'Mower', title: 'Brake squeal', priority: 'medium' },
    ])!;
    expect(mail.subject).toBe('Wrenchlog: 1 maintenance item needs attention, 2 new issues');
    expect(mail.text.split('\n').slice(2, 9)).toEqual([
      'Mower',
      '  - Overdue: Blades',
      '',
      'Issues reported',
      '  - Mower: Brake squeal (medium)',
      '  - Tractor: Seat torn (low)',
      '',
    ]);
  });

  it('is sent for issues alone', () => {
    expect(digestEmail([], '2026-03-02', [{ machineId: 2, machineName: 'Tractor', title: 'Seat torn', priority: 'low' }])!.subject).toBe(
      'Wrenchlog: 1 new issue',
    );
  });
});
