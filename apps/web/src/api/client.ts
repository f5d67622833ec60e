import type { HttpErrorBody } from '@wrenchlog/contracts';
import type { SessionManager } from '../features/auth/session';
import { randomKey } from '../lib/random-key';
import { tokenOwner } from '../core/offline/api-cache-rules';
import type { Outbox } from '../core/offline/outbox';
import { isNetworkFailure, QueuedOffline, queuedKind } from '../core/offline/queued';
import { offlineStatus } from '../core/offline/offline-status';

// Calls the spec sends without a token (doc 1 section 6).
const PUBLIC_CALLS = [
  '/api/auth/login',
  '/api/auth/refresh',
  '/api/root/greeting',
  '/api/root/unsecuredpost',
  '/api/root/githash',
  '/api/analytics/pageview',
  '/api/admin/createuser',
  '/api/auth/forgot-password',
  '/api/auth/set-password',
];
// The session's own calls: a 401 from them ends the session instead of refreshing. Other
// /api/auth calls (change-password) refresh and retry like any signed-in call.
const SESSION_CALLS = ['/api/auth/login', '/api/auth/refresh', '/api/auth/logout'];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<HttpErrorBody> | null,
    message?: string,
  ) {
    super(message ?? body?.message ?? `Request failed with status ${status}`);
  }
}

export interface CallOptions {
  /** Never log the user out on a 401 (the start-up check): the failure is the caller's to handle. */
  silent?: boolean;
  /** Sent as Idempotency-Key on a POST; give the same one when the user retries the same create. */
  idempotencyKey?: string;
}

type Json = Record<string, unknown> | unknown[];

const CONSISTENCY_HEADER = 'x-consistency-token';

/**
 * fetch with the session rules of the spec (doc 1 sections 7 and 8): credentials on every call, a
 * Bearer token on the non-public ones, and on a 401 for a non-auth URL one shared refresh and a
 * retry with the new token. When the refresh fails the user is logged out to /login?redirect=.
 */
export class ApiClient {
  /**
   * The server's read-your-writes token (README "Read your own writes"): kept from the last answer
   * that carried one and sent with every call, so the next screen shows what was just saved, on
   * whichever gateway replica answers. The server ignores a token of another user or account.
   */
  private consistencyToken: string | null = null;
  private outbox: Outbox | null = null;

  constructor(
    private readonly session: SessionManager,
    private readonly fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
  ) {}

  /** Creates that may wait on the device (issue 34) are kept in `outbox` when there is no connection. */
  useOutbox(outbox: Outbox | null): void {
    this.outbox = outbox;
  }

  async raw(path: string, init: RequestInit = {}, options: CallOptions = {}): Promise<Response> {
    const isPublic = PUBLIC_CALLS.some((p) => path === p || path.startsWith(`${p}?`));
    const isAuthUrl = SESSION_CALLS.includes(path);
    const send = (authorization: string | null) => {
      const headers = new Headers(init.headers);
      if (authorization && !isPublic) {
        headers.set('authorization', authorization);
      }
      if (!headers.has('accept')) {
        headers.set('accept', 'application/json');
      }
      if (this.consistencyToken && !isPublic) {
        headers.set(CONSISTENCY_HEADER, this.consistencyToken);
      }
      return this.fetchImpl(path, { ...init, headers, credentials: 'include' }).then((res) => {
        this.consistencyToken = res.headers?.get(CONSISTENCY_HEADER) ?? this.consistencyToken;
        return res;
      });
    };
    const auth = isPublic ? null : this.session.authorization();
    const res = await send(auth?.header ?? null);
    offlineStatus.report(res.headers);
    if (res.status !== 401 || isPublic) {
      if (res.status === 401 && path === '/api/auth/refresh' && !options.silent) {
        this.session.forceLogout();
      }
      return res;
    }
    if (isAuthUrl) {
      if (!options.silent) {
        this.session.forceLogout();
      }
      return res;
    }
    if (!auth) {
      // Nothing to refresh: the caller was never signed in.
      return res;
    }
    const token = await this.session.refresh(auth.token);
    if (!token && this.session.refreshUnreachable) {
      // The refresh never reached the server (offline): the session stays; the caller gets the 401.
      return res;
    }
    if (!token) {
      if (options.silent) {
        this.session.clearLocal();
      } else {
        this.session.forceLogout();
      }
      return res;
    }
    return send(this.session.authorization()?.header ?? null);
  }

  async request<T>(method: string, path: string, body?: Json | FormData, options?: CallOptions): Promise<T> {
    const headers: Record<string, string> = {};
    const init: RequestInit = { method, headers };
    if (body instanceof FormData) {
      init.body = body;
    } else if (body !== undefined) {
      init.body = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    if (method === 'POST') {
      // One key per create, kept by the retry after a token refresh, so the server makes one record.
      headers['idempotency-key'] = options?.idempotencyKey ?? randomKey();
    }
    const res = await this.send(method, path, body, init, options);
    const text = await res.text();
    const type = res.headers.get('content-type') ?? '';
    let parsed: unknown = text;
    if (text && type.includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (!res.ok) {
      throw new ApiError(res.status, parsed && typeof parsed === 'object' ? (parsed as Partial<HttpErrorBody>) : null);
    }
    return (text ? parsed : null) as T;
  }

  /**
   * `raw`, except that a create the outbox takes (QUEUED_ROUTES) is kept on the device when there is
   * no connection, or when earlier ones of this member still wait (they go first, in order): the
   * caller gets a QueuedOffline error carrying the entry, sent later with the same Idempotency-Key.
   */
  private async send(method: string, path: string, body: Json | FormData | undefined, init: RequestInit, options?: CallOptions): Promise<Response> {
    const outbox = this.outbox;
    const kind = queuedKind(method, path);
    if (!outbox || !kind || !body || body instanceof FormData || Array.isArray(body)) {
      return this.raw(path, init, options);
    }
    const key = (init.headers as Record<string, string>)['idempotency-key'];
    const keep = async () => {
      const entry = await outbox.enqueue(path, body, { key, kind });
      if (navigator.onLine) {
        void outbox.flush();
      }
      return new QueuedOffline(entry);
    };
    if (!navigator.onLine || outbox.hasWaitingFor(tokenOwner(this.session.authorization()?.token))) {
      throw await keep();
    }
    try {
      return await this.raw(path, init, options);
    } catch (err) {
      if (isNetworkFailure(err)) {
        throw await keep();
      }
      throw err;
    }
  }

  get<T>(path: string, options?: CallOptions): Promise<T> {
    return this.request<T>('GET', path, undefined, options);
  }
  post<T>(path: string, body?: Json | FormData, options?: CallOptions): Promise<T> {
    return this.request<T>('POST', path, body, options);
  }
  put<T>(path: string, body?: Json): Promise<T> {
    return this.request<T>('PUT', path, body);
  }
  delete<T>(path: string, body?: Json): Promise<T> {
    return this.request<T>('DELETE', path, body);
  }
}
