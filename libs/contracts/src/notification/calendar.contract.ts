// Producer: gateway. Consumer: notification-service (the private calendar feed).
/** POST /api/calendar/token: a new secret link (the old one stops working). */
export const CALENDAR_ROTATE = 'notification.calendar.rotate' as const;
/** GET /api/calendar/{token}.ics (public: the token is the credential). */
export const CALENDAR_FEED = 'notification.calendar.feed' as const;

export interface CalendarToken {
  /** The secret; the gateway makes the links from it. Shown once (stored hashed). */
  token: string;
}
/** What POST /api/calendar/token answers. */
export interface CalendarLink {
  /** https://host/api/calendar/{token}.ics */
  url: string;
  /** The same as webcal:// for calendar apps. */
  webcalUrl: string;
}
export interface CalendarFeedRequest {
  token: string;
}
export interface CalendarFeed {
  /** The iCalendar text (CRLF lines). */
  ics: string;
}
