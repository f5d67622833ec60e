import { WEBHOOK_EVENTS } from '@wrenchlog/contracts/limits';
import { bellLabel, unreadBadge } from './bell';
import {
  calendarLinks,
  canRetry,
  isDigestTime,
  notificationTarget,
  orderedChannels,
  preferencesForm,
  pushTestText,
  timeZoneOptions,
  vapidKeyBytes,
  WEBHOOK_EVENT_GROUPS,
  webhookUrlError,
} from './notification-logic';

describe('notification-logic', () => {
  it('takes a digest time only as 24-hour HH:MM', () => {
    for (const ok of ['00:00', '07:30', '12:05', '23:59']) {
      expect(isDigestTime(ok)).toBe(true);
    }
    for (const bad of ['', '7:30', '24:00', '23:60', '07:3', '07:30:00', '7pm', ' 07:30', 'ab:cd']) {
      expect(isDigestTime(bad)).toBe(false);
    }
  });

  it('offers the supported zones plus the saved and browser ones, sorted, each once', () => {
    expect(timeZoneOptions(['Europe/Berlin', 'America/Chicago'], 'UTC', 'Europe/Berlin', null)).toEqual(['America/Chicago', 'Europe/Berlin', 'UTC']);
  });

  it('starts the form from the saved preferences, with the browser zone and 07:00 where none is saved', () => {
    expect(
      preferencesForm(
        { digestTime: '06:15', timeZone: 'Asia/Tokyo', kinds: { maintenance: ['email'], lowStock: [], weeklyReport: ['inapp'], work: ['push'] } },
        'Europe/Paris',
      ),
    ).toEqual({
      digestTime: '06:15',
      timeZone: 'Asia/Tokyo',
      kinds: { maintenance: ['email'], lowStock: [], weeklyReport: ['inapp'], work: ['push'] },
    });
    expect(preferencesForm(null, 'Europe/Paris')).toEqual({
      digestTime: '07:00',
      timeZone: 'Europe/Paris',
      kinds: { maintenance: [], lowStock: [], weeklyReport: [], work: [] },
    });
  });

  it("groups every webhook event once, in the contract's order (issue 35's work events included)", () => {
    expect(WEBHOOK_EVENT_GROUPS.flatMap((g) => g.events)).toEqual([...WEBHOOK_EVENTS]);
    expect(WEBHOOK_EVENT_GROUPS.find((g) => g.key === 'work')?.events).toEqual([
      'issue.created',
      'issue.resolved',
      'work_order.created',
      'work_order.completed',
      'inspection.failed',
    ]);
  });

  it('keeps channels in their fixed order and drops unknown ones', () => {
    expect(orderedChannels(['webhook', 'inapp', 'sms', 'email'])).toEqual(['inapp', 'email', 'webhook']);
  });

  it('routes a notification link inside the app, opens outside ones as links, ignores others', () => {
    const origin = 'https://wrench.example';
    expect(notificationTarget('/machines/Bobcat?tab=schedules', origin)).toEqual({ kind: 'route', to: '/machines/Bobcat?tab=schedules' });
    expect(notificationTarget('https://wrench.example/due?status=overdue#x', origin)).toEqual({ kind: 'route', to: '/due?status=overdue#x' });
    expect(notificationTarget('https://other.example/report', origin)).toEqual({ kind: 'external', href: 'https://other.example/report' });
    expect(notificationTarget('//evil.example/x', origin)).toEqual({ kind: 'none' });
    expect(notificationTarget('javascript:alert(1)', origin)).toEqual({ kind: 'none' });
    expect(notificationTarget(null, origin)).toEqual({ kind: 'none' });
    expect(notificationTarget('  ', origin)).toEqual({ kind: 'none' });
  });

  it('shows the unread count on the bell up to 99, then 99+', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(undefined)).toBeNull();
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
  });

  it('builds the webcal and https calendar links, absolute on the origin', () => {
    expect(calendarLinks('https://wrench.example/api/calendar/abc.ics', 'http://localhost:3000')).toEqual({
      web: 'https://wrench.example/api/calendar/abc.ics',
      scheme: 'https',
      webcal: 'webcal://wrench.example/api/calendar/abc.ics',
    });
    expect(calendarLinks('/api/calendar/abc.ics', 'http://192.168.1.5:3000')).toEqual({
      web: 'http://192.168.1.5:3000/api/calendar/abc.ics',
      scheme: 'http',
      webcal: 'webcal://192.168.1.5:3000/api/calendar/abc.ics',
    });
  });

  it('decodes a URL-safe base64 VAPID key with or without padding', () => {
    expect(Array.from(vapidKeyBytes('_-8'))).toEqual([0xff, 0xef]);
    expect(Array.from(vapidKeyBytes('AQID'))).toEqual([1, 2, 3]);
    expect(vapidKeyBytes('BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U').length).toBe(65);
  });

  it('says what a test push did', () => {
    expect(pushTestText(1, 0)).toBe('Test push sent to 1 device.');
    expect(pushTestText(2, 1)).toBe('Test push sent to 2 devices; 1 device did not take it.');
  });

  it('offers Retry for a delivery not delivered', () => {
    expect(canRetry({ status: 'delivered', httpStatus: 204 })).toBe(false);
    expect(canRetry({ status: 'failed', httpStatus: 500 })).toBe(true);
    expect(canRetry({ status: 'pending', httpStatus: 429 })).toBe(true);
    expect(canRetry({ status: 'failed', httpStatus: null })).toBe(true);
    expect(canRetry({ httpStatus: 200 })).toBe(false);
    expect(canRetry({ httpStatus: null })).toBe(true);
  });

  it('checks a webhook URL before sending it', () => {
    expect(webhookUrlError('https://hooks.example/x')).toBeUndefined();
    expect(webhookUrlError('http://homeassistant.local:8123/api/webhook/abc')).toBeUndefined();
    expect(webhookUrlError('')).toBe('URL must be an http:// or https:// address');
    expect(webhookUrlError('ftp://x.example')).toBe('URL must be an http:// or https:// address');
    expect(webhookUrlError('not a url')).toBe('URL must be an http:// or https:// address');
    expect(webhookUrlError(`https://x.example/${'a'.repeat(2000)}`)).toBe('URL must be at most 2000 characters');
  });
});
