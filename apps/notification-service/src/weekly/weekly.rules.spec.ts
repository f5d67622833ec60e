import type { FleetReport, Schedule } from '@wrenchlog/contracts';
import { comingUp, lastSevenDays, reportFor, scheduledWeek, weeklyEmail, weeklyLink, weeklyTitle } from './weekly.rules.js';

const row = (over: Partial<FleetReport['rows'][number]>): FleetReport['rows'][number] => ({
  machineId: 1,
  machineName: 'Blue F-150',
  fuel: 0,
  service: 0,
  parts: 0,
  total: 0,
  distance: null,
  distanceUnit: 'mi',
  hours: null,
  costPerDistance: null,
  costPerHour: null,
  fuelEconomy: null,
  economyUnit: null,
  ...over,
});

const schedule = (over: Partial<Schedule>): Schedule =>
  ({
    id: 1,
    machineId: 1,
    machineName: 'Blue F-150',
    title: 'Oil change',
    status: 'upcoming',
    reason: 'Due in 20 days',
    nextDueDate: null,
    forecastDate: null,
    done: false,
    ...over,
  }) as Schedule;

describe('scheduledWeek', () => {
  // 2026-11-23 is a Monday.
  it('is last Monday to Sunday from the Monday at the report time, in the user’s time zone', () => {
    expect(scheduledWeek(new Date('2026-11-23T07:59:00Z'), 'UTC', '08:00')).toBeNull();
    expect(scheduledWeek(new Date('2026-11-23T08:00:00Z'), 'UTC', '08:00')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(scheduledWeek(new Date('2026-11-26T15:00:00Z'), 'UTC', '08:00')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(scheduledWeek(new Date('2026-11-29T23:00:00Z'), 'UTC', '08:00')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('follows the local date: Sunday 23:30 in New York is already Monday in Tokyo', () => {
    const at = new Date('2026-11-23T04:30:00Z'); // Sunday 23:30 in New York, Monday 13:30 in Tokyo
    expect(scheduledWeek(at, 'America/New_York', '08:00')).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(scheduledWeek(at, 'Asia/Tokyo', '08:00')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });
});

describe('lastSevenDays', () => {
  it('is the seven local days before today', () => {
    expect(lastSevenDays(new Date('2026-11-24T10:00:00Z'), 'UTC')).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(lastSevenDays(new Date('2026-11-24T02:00:00Z'), 'America/Los_Angeles')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });
});

describe('comingUp', () => {
  it('lists the overdue first, then what is due or forecast within the 7 days after the week, earliest first', () => {
    const items = comingUp(
      [
        schedule({ id: 1, title: 'Oil change', nextDueDate: '2026-11-27', reason: 'Due in 3 days' }),
        schedule({ id: 2, title: 'Grease', forecastDate: '2026-11-25', nextDueDate: '2026-12-20', machineName: 'Atlas crane', reason: '40 h left' }),
        schedule({ id: 3, title: 'Inspection', status: 'overdue', nextDueDate: '2026-11-01', reason: 'Overdue by 23 days' }),
        schedule({ id: 4, title: 'Tires', nextDueDate: '2026-12-01', reason: 'Due in 7 days' }),
        schedule({ id: 5, title: 'One-off', nextDueDate: '2026-11-25', done: true }),
      ],
      '2026-11-23',
    );
    expect(items.map((i) => [i.title, i.date, i.overdue])).toEqual([
      ['Inspection', '2026-11-01', true],
      ['Grease', '2026-11-25', false],
      ['Oil change', '2026-11-27', false],
    ]);
  });
});

describe('weeklyEmail', () => {
  const period = { from: '2026-11-16', to: '2026-11-22' };
  const fleet: FleetReport = {
    rows: [
      row({ machineId: 1, machineName: 'Blue F-150', fuel: 66.4, total: 66.4, distance: 312, economyUnit: 'mpg' }),
      row({ machineId: 2, machineName: 'Atlas crane', service: 120, parts: 30.5, total: 150.5, hours: 6.5 }),
      row({ machineId: 3, machineName: 'Old backhoe' }),
      row({ machineId: 4, machineName: 'Camry', distance: 80, economyUnit: 'L/100km' }),
      row({ machineId: null, machineName: 'Unassigned', parts: 12, total: 12 }),
    ],
    totals: {
      fuel: 66.4,
      service: 120,
      parts: 42.5,
      total: 228.9,
      distance: 392,
      distanceUnit: 'mi',
      covers: { distance: [], hours: [] },
      hours: 6.5,
      costPerDistance: null,
      costPerHour: null,
      fuelEconomy: null,
    },
  };

  const grease = { machineId: 2, machineName: 'Atlas crane', title: 'Grease', date: '2026-11-25', overdue: false, reason: '40 h left' };

  it('gives the week’s costs, each active machine’s meters and costs, and what is due next week', () => {
    const mail = weeklyEmail({
      period,
      fleet,
      coming: [grease],
      money: true,
    });
    expect(mail.subject).toBe('Your Wrenchlog week: 2026-11-16 to 2026-11-22');
    expect(mail.text.split('\n')).toEqual([
      'Your Wrenchlog week: 2026-11-16 to 2026-11-22',
      '',
      'Costs: $228.90 (fuel $66.40, service $120.00, parts $42.50)',
      '',
      'Blue F-150',
      '  Meters moved: 312 mi',
      '  Costs: $66.40 (fuel $66.40)',
      'Atlas crane',
      '  Meters moved: 6.5 h',
      '  Costs: $150.50 (service $120.00, parts $30.50)',
      'Camry',
      '  Meters moved: 80 km',
      '  Costs: $0.00',
      'Unassigned',
      '  Costs: $12.00 (parts $12.00)',
      'No activity on 1 other machine.',
      '',
      'Due next week (2026-11-23 to 2026-11-29)',
      '  - Atlas crane: Grease (due 2026-11-25; 40 h left)',
      '',
      'The Reports screen has the details. Change what you receive in Settings > Notifications.',
    ]);
  });

  it('says so when nothing was recorded and nothing is due', () => {
    const quiet: FleetReport = { rows: [row({})], totals: { ...fleet.totals, fuel: 0, service: 0, parts: 0, total: 0 } };
    const text = weeklyEmail({ period, fleet: quiet, coming: [], money: true }).text;
    expect(text).toContain('Costs: $0.00\n');
    expect(text).toContain('No costs or meter readings were recorded this week.');
    expect(text).toContain('  Nothing is due.');
  });

  it('titles and links the in-app notification to the Reports screen on the week', () => {
    expect(weeklyTitle({ period, fleet, coming: [], money: true })).toBe('Weekly usage report 2026-11-16 to 2026-11-22: $228.90');
    expect(weeklyLink(period)).toBe('/reports?period=custom&from=2026-11-16&to=2026-11-22');
    expect(weeklyLink(period, false)).toBe('/');
  });

  it('shows an operator (no money.read) their machines’ meters and what is due, and no cost anywhere', () => {
    const report = reportFor(
      { period, fleet, coming: [grease, { ...grease, machineId: 1, machineName: 'Blue F-150' }], money: true },
      {
        money: false,
        machines: new Set([2, 4]),
      },
    );
    expect(weeklyTitle(report)).toBe('Weekly usage report 2026-11-16 to 2026-11-22');
    const text = weeklyEmail(report).text;
    expect(text.split('\n')).toEqual([
      'Your Wrenchlog week: 2026-11-16 to 2026-11-22',
      '',
      'Atlas crane',
      '  Meters moved: 6.5 h',
      'Camry',
      '  Meters moved: 80 km',
      '',
      'Due next week (2026-11-23 to 2026-11-29)',
      '  - Atlas crane: Grease (due 2026-11-25; 40 h left)',
      '',
      'Change what you receive in Settings > Notifications.',
    ]);
    expect(text).not.toMatch(/\$|Cost/);
  });

  it('sums an assigned member’s costs over their machines only, without the unassigned purchases', () => {
    const report = reportFor({ period, fleet, coming: [], money: true }, { money: true, machines: new Set([2]) });
    expect(report.fleet.rows.map((r) => r.machineName)).toEqual(['Atlas crane']);
    expect(report.fleet.totals).toMatchObject({ fuel: 0, service: 120, parts: 30.5, total: 150.5 });
    expect(weeklyTitle(report)).toBe('Weekly usage report 2026-11-16 to 2026-11-22: $150.50');
    // Every machine (null): the account's report as it is.
    expect(reportFor({ period, fleet, coming: [], money: true }, { money: true, machines: null }).fleet).toBe(fleet);
  });
});
