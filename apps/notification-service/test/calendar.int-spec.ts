import { CALENDAR_FEED, CALENDAR_ROTATE, SCHEDULE_LIST, type Schedule } from '@wrenchlog/contracts';
import { testEngines } from '@wrenchlog/testing';
import { DataSource } from 'typeorm';
import { CalendarInstall } from '../src/calendar/calendar-install.js';
import { ServiceUnderTest, userA } from './harness.js';

const oil = {
  id: 7,
  machineName: 'Loader',
  title: 'Oil',
  reason: 'Due in 17 days',
  nextDueDate: '2026-12-15',
  nextDueDistance: null,
  nextDueHours: null,
  forecastDate: null,
  distanceUnit: 'mi',
  done: false,
} as unknown as Schedule;
const rpc = async (pattern: string) => {
  if (pattern === SCHEDULE_LIST) {
    return { content: [oil], totalPages: 1, totalElements: 1, number: 0, size: 100 };
  }
  throw new Error(`unexpected call ${pattern}`);
};

// Issue 36: two installs in one calendar app must not share event UIDs; one install keeps its own.
describe.each(await testEngines())('calendar feed UIDs (%s)', (engine) => {
  let svc: ServiceUnderTest;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, rpc);
  });
  afterAll(() => svc?.stop());

  it('carries an install id generated once and stored: the same after a restart, another on another install', async () => {
    const { token } = await svc.send(CALENDAR_ROTATE, {}, userA);
    const uidOf = async () => /UID:(.*)\r\n/.exec((await svc.send(CALENDAR_FEED, { token }, userA)).ics)?.[1];
    const uid = await uidOf();
    expect(uid).toMatch(/^schedule-7-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@wrenchlog$/);
    expect(await uidOf()).toBe(uid);
    // A new process on the same database (a restart, another replica) reads the stored id.
    const dataSource = svc.get(DataSource);
    expect(`schedule-7-${await new CalendarInstall(dataSource).installId()}@wrenchlog`).toBe(uid);
    // Another install (its own database) makes its own.
    const other = await ServiceUnderTest.start(engine, rpc);
    try {
      expect(await other.get(CalendarInstall).installId()).not.toBe(await svc.get(CalendarInstall).installId());
    } finally {
      await other.stop();
    }
  });
});
