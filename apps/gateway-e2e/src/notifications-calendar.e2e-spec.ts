import { ApiClient, createApprovedUser, createMachine, e2eProducts, type ApprovedUser } from '@wrenchlog/testing';
import ical from 'node-ical';
import { meterOf } from './machines.helpers.js';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** node-ical makes a date-only start at local midnight. */
const localDate = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

describe.each(e2eProducts())('calendar feed (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let a: ApprovedUser;
  let b: ApprovedUser;

  beforeAll(async () => {
    [a, b] = await Promise.all([createApprovedUser(api, { name: 'Calendar A' }), createApprovedUser(api, { name: 'Calendar B' })]);
  });

  /** The feed at a link: status and, when 200, its events parsed by an iCalendar parser. */
  const feed = async (url: string) => {
    const path = new URL(url).pathname;
    const res = await api.get(path);
    const text = res.text;
    const events = res.status === 200 ? Object.values(ical.sync.parseICS(text)).filter((e: any) => e.type === 'VEVENT') : [];
    return { status: res.status, text, headers: res.headers, events: events as any[] };
  };

  it('lists one all-day event per schedule with a 7-day reminder, stable UIDs, and rotation ends the old link', async () => {
    const machine = await createMachine(api, a.token, { name: 'Calendar tractor', type: 'Tractor' });
    const hours = await meterOf(api, a.token, machine.id, 'hours');
    expect((await api.post(`/api/meters/${hours.id}/readings`, { value: 1000, readAt: inDays(-30) }, a.token)).status).toBe(201);
    expect((await api.post(`/api/meters/${hours.id}/readings`, { value: 1240, readAt: inDays(0) }, a.token)).status).toBe(201);
    const dated = await api.post(
      `/api/machines/${machine.id}/schedules`,
      { title: 'Inspection, annual; full', serviceType: 'Inspection', intervalDays: 30, recurring: true, anchor: 'completion', lastDoneDate: inDays(-10) },
      a.token,
    );
    const metered = await api.post(
      `/api/machines/${machine.id}/schedules`,
      { title: 'Oil', serviceType: 'Oil Change', intervalHours: 250, recurring: true, anchor: 'completion', lastDoneHours: 1000 },
      a.token,
    );
    expect([dated.status, metered.status]).toEqual([201, 201]);

    const link = await api.post('/api/calendar/token', {}, a.token);
    expect(link.status).toBe(201);
    expect(link.body.url).toMatch(/^https?:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(link.body.webcalUrl).toBe(link.body.url.replace(/^https?:/, 'webcal:'));

    const first = await feed(link.body.url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('text/calendar');
    // CRLF lines only, escaped commas and semicolons.
    expect(first.text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(first.text).toContain('SUMMARY:Inspection\\, annual\\; full - Calendar tractor');
    // UIDs carry the install's id (generated once, stored): two installs in one calendar never share one.
    const install = /^schedule-\d+-([0-9a-f-]{36})@wrenchlog$/.exec(first.events[0].uid)?.[1];
    expect(install).toBeDefined();
    const uidOf = (scheduleId: number) => `schedule-${scheduleId}-${install}@wrenchlog`;
    const byUid = new Map(first.events.map((e) => [e.uid, e]));
    const datedEvent = byUid.get(uidOf(dated.body.id));
    const meteredEvent = byUid.get(uidOf(metered.body.id));
    // What it is due at, true on any later day (not "Due in 20 days").
    expect(datedEvent.description).toBe(`Due on ${dated.body.nextDueDate}`);
    expect(meteredEvent.description).toBe(`Due at 1,250 h (expected on ${metered.body.forecastDate} at the meters' recent rate)`);
    expect(datedEvent).toMatchObject({ summary: 'Inspection, annual; full - Calendar tractor', datetype: 'date' });
    expect(localDate(datedEvent.start)).toBe(dated.body.nextDueDate);
    expect(meteredEvent.summary).toBe('Oil - Calendar tractor (forecast)');
    expect(localDate(meteredEvent.start)).toBe(metered.body.forecastDate);
    expect(datedEvent.alarms).toEqual([expect.objectContaining({ action: 'DISPLAY', trigger: '-P7D' })]);

    // The due date moves, the UID stays.
    const moved = await api.put(
      `/api/schedules/${dated.body.id}`,
      { title: 'Inspection, annual; full', serviceType: 'Inspection', intervalDays: 60, recurring: true, anchor: 'completion', lastDoneDate: inDays(-10) },
      a.token,
    );
    expect(moved.status).toBe(200);
    const second = await feed(link.body.url);
    const again = second.events.find((e) => e.uid === uidOf(dated.body.id));
    expect(localDate(again.start)).toBe(moved.body.nextDueDate);
    expect(moved.body.nextDueDate).not.toBe(dated.body.nextDueDate);

    // Another user's feed has none of A's schedules.
    const other = await api.post('/api/calendar/token', {}, b.token);
    const theirs = await feed(other.body.url);
    expect(theirs.status).toBe(200);
    expect(theirs.events).toEqual([]);

    // Rotate: the old link is gone, the new one works.
    const rotated = await api.post('/api/calendar/token', {}, a.token);
    expect(rotated.body.url).not.toBe(link.body.url);
    expect((await feed(link.body.url)).status).toBe(404);
    expect((await feed(rotated.body.url)).events).toHaveLength(2);
  });

  it('answers 404 for an unknown token and needs a sign-in to rotate', async () => {
    expect((await api.get('/api/calendar/not-a-real-token-but-long-enough.ics')).status).toBe(404);
    expect((await api.get('/api/calendar/abc')).status).toBe(404);
    expect((await api.post('/api/calendar/token', {})).status).toBe(401);
  });
});
