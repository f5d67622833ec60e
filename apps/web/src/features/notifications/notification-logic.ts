import { DIGEST_TIME_PATTERN, NotificationLimits, NotificationMessages, type WebhookEventType } from '@wrenchlog/contracts/limits';
import type { Channel, KindKey, NotificationPreferences } from './api';
import { browserTimeZone } from '../../lib/time-zone';

// Pure rules of the notification screens (issue 24): no React, no network.

/** The channels in their fixed order (their names: `notifications:prefs.channels.<channel>`). */
export const CHANNELS: readonly Channel[] = ['inapp', 'email', 'push', 'webhook'];

/** What a member chooses channels for, in the screen's order (names: `notifications:prefs.kinds.<kind>`; issue 35 added work). */
export const KINDS: readonly KindKey[] = ['maintenance', 'lowStock', 'weeklyReport', 'work'];

/** A 24-hour "HH:MM" (two digits each), as the server takes the digest time. */
export function isDigestTime(value: string): boolean {
  return DIGEST_TIME_PATTERN.test(value);
}

/**
 * The time zones to choose from: the runtime's IANA list plus the ones in use (the saved one and
 * the browser's), since the list leaves out aliases such as "UTC" that browsers still report.
 */
export function timeZoneOptions(supported: readonly string[], ...inUse: (string | null | undefined)[]): string[] {
  const all = new Set(supported);
  for (const zone of inUse) {
    if (zone) {
      all.add(zone);
    }
  }
  return [...all].sort((a, b) => a.localeCompare(b));
}

export function supportedTimeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
}

/** The form's starting values: the saved preferences, the browser's zone where none is saved yet. */
export function preferencesForm(saved: Partial<NotificationPreferences> | null | undefined, zone = browserTimeZone()): NotificationPreferences {
  const kinds = saved?.kinds;
  return {
    digestTime: saved?.digestTime || '07:00',
    timeZone: saved?.timeZone || zone,
    kinds: {
      maintenance: [...(kinds?.maintenance ?? [])],
      lowStock: [...(kinds?.lowStock ?? [])],
      weeklyReport: [...(kinds?.weeklyReport ?? [])],
      work: [...(kinds?.work ?? [])],
    },
  };
}

/** The channels of a kind in the fixed order of CHANNELS (what a Checkbox.Group hands back is click order). */
export function orderedChannels(values: readonly string[]): Channel[] {
  return CHANNELS.filter((c) => values.includes(c));
}

/**
 * Browser push and Webhook reach nobody until this device has a push subscription / the account has
 * an endpoint (issue 38): the server's defaults name them so they work once there is one. Until then
 * the form shows them unticked and disabled, with what to do first.
 */
export type ChannelHints = Partial<Record<Channel, 'addDevice' | 'addWebhook'>>;

export function unavailableChannels(ready: { push: boolean | null; webhooks: number | null }): ChannelHints {
  const hints: ChannelHints = {};
  // null: not known yet (still asking); then nothing is held back.
  if (ready.push === false) {
    hints.push = 'addDevice';
  }
  if (ready.webhooks === 0) {
    hints.webhook = 'addWebhook';
  }
  return hints;
}

/** The ticked boxes of a kind: its channels less those that reach nobody yet. */
export function shownChannels(channels: readonly Channel[], unavailable: ChannelHints): Channel[] {
  return channels.filter((c) => !unavailable[c]);
}

/** What is saved for a kind: the ticked boxes, and the stored choice of a channel not available yet (kept for when it is). */
export function savedChannels(ticked: readonly string[], stored: readonly Channel[], unavailable: ChannelHints): Channel[] {
  return orderedChannels([...ticked.filter((c) => !unavailable[c as Channel]), ...stored.filter((c) => unavailable[c])]);
}

/** Where a notification leads in the app: a path for the router, an outside address for a plain link, or none. */
export type NotificationTarget = { kind: 'route'; to: string } | { kind: 'external'; href: string } | { kind: 'none' };

export function notificationTarget(link: string | null | undefined, origin: string): NotificationTarget {
  const value = link?.trim();
  if (!value) {
    return { kind: 'none' };
  }
  if (value.startsWith('/') && !value.startsWith('//')) {
    return { kind: 'route', to: value };
  }
  try {
    const url = new URL(value);
    if (url.origin === origin) {
      return { kind: 'route', to: `${url.pathname}${url.search}${url.hash}` };
    }
    return url.protocol === 'http:' || url.protocol === 'https:' ? { kind: 'external', href: url.toString() } : { kind: 'none' };
  } catch {
    return { kind: 'none' };
  }
}

/**
 * The calendar feed's two addresses: the http(s) one the server answers (and its scheme), and the same with
 * webcal:// that calendar apps open as a subscription. A path is made absolute on `origin`.
 */
export function calendarLinks(url: string, origin: string): { web: string; scheme: string; webcal: string } {
  const link = new URL(url, origin);
  const absolute = link.toString();
  // The label names the link's own scheme: a plain-HTTP install's link is not "https".
  return { web: absolute, scheme: link.protocol.replace(':', ''), webcal: absolute.replace(/^https?:/, 'webcal:') };
}

/** A VAPID public key (URL-safe base64, as servers hand it out) as the bytes PushManager.subscribe takes. */
export function vapidKeyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const padded = base64Url.trim() + '='.repeat((4 - (base64Url.trim().length % 4)) % 4);
  const raw = atob(padded.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) {
    bytes[i] = raw.charCodeAt(i);
  }
  return bytes;
}

/** What a test push did, from the server's count of devices. */
export function pushTestText(sent: number, failed: number): string {
  const devices = (n: number) => `${n} device${n === 1 ? '' : 's'}`;
  return failed > 0 ? `Test push sent to ${devices(sent)}; ${devices(failed)} did not take it.` : `Test push sent to ${devices(sent)}.`;
}

/** A delivery worth retrying now: any not delivered (failed for good, or waiting for its next attempt). */
export function canRetry(delivery: { status?: string; httpStatus: number | null }): boolean {
  if (delivery.status) {
    return delivery.status !== 'delivered';
  }
  return !(typeof delivery.httpStatus === 'number' && delivery.httpStatus >= 200 && delivery.httpStatus < 300);
}

/** The webhook form's events in groups (names: `notifications:webhookGroups.<key>`), each event in one, in WEBHOOK_EVENTS' order. */
export const WEBHOOK_EVENT_GROUPS: readonly { key: 'maintenance' | 'records' | 'work' | 'test'; events: readonly WebhookEventType[] }[] = [
  { key: 'maintenance', events: ['schedule.due_soon', 'schedule.overdue', 'schedule.completed'] },
  { key: 'records', events: ['record.created', 'record.updated', 'record.deleted', 'meter.reading.created'] },
  { key: 'work', events: ['issue.created', 'issue.resolved', 'work_order.created', 'work_order.completed', 'inspection.failed'] },
  { key: 'test', events: ['ping'] },
];

/** What a webhook URL must be before it is sent (the server checks the rest, e.g. private addresses). */
export function webhookUrlError(url: string): string | undefined {
  const value = url.trim();
  if (value.length > NotificationLimits.webhookUrl) {
    return NotificationMessages.webhookUrlLength;
  }
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? undefined : NotificationMessages.webhookUrl;
  } catch {
    return NotificationMessages.webhookUrl;
  }
}
