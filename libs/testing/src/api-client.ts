import { TEST_ADMIN } from './product.js';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Raw body (FormData, string) sent as is. */
  raw?: NonNullable<RequestInit['body']>;
}

/** A small HTTP client for the API as a caller sees it: status, parsed body, headers, cookies. */
export class ApiClient {
  /** The refresh cookie, kept like a browser keeps it for /api/auth. */
  refreshCookie?: string;

  /**
   * The read-your-writes token the gateway answered each access token's session, sent back with its
   * next calls as the web app does (README "Read your own writes"); `echoConsistency = false` to
   * act as a client that does not.
   */
  readonly consistencyTokens = new Map<string, string>();
  echoConsistency = true;

  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) {
      headers.authorization = `Bearer ${options.token}`;
      const kept = this.consistencyTokens.get(options.token);
      if (kept && this.echoConsistency && !headers['x-consistency-token']) {
        headers['x-consistency-token'] = kept;
      }
    }
    let body: NonNullable<RequestInit['body']> | undefined = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    if (path.startsWith('/api/auth/') && this.refreshCookie && !headers.cookie) {
      headers.cookie = this.refreshCookie;
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('wl_refresh='));
    if (setCookie) {
      const value = setCookie.split(';')[0];
      this.refreshCookie = value === 'wl_refresh=' ? undefined : value;
    }
    const consistency = res.headers.get('x-consistency-token');
    if (consistency && options.token) {
      this.consistencyTokens.set(options.token, consistency);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('application/json') && text) {
      parsed = JSON.parse(text);
    }
    return { status: res.status, body: parsed as T, text, headers: res.headers };
  }

  get<T = any>(path: string, token?: string) {
    return this.request<T>('GET', path, { token });
  }
  post<T = any>(path: string, body?: unknown, token?: string) {
    return this.request<T>('POST', path, { body, token });
  }
  put<T = any>(path: string, body?: unknown, token?: string) {
    return this.request<T>('PUT', path, { body, token });
  }
  delete<T = any>(path: string, token?: string, body?: unknown) {
    return this.request<T>('DELETE', path, { token, body });
  }

  /** Signs in and answers the access token; throws with the reply when it fails. */
  async login(username: string, password: string): Promise<string> {
    const res = await this.post('/api/auth/login', { username, password });
    if (res.status !== 200) {
      throw new Error(`login of ${username} failed: ${res.status} ${res.text}`);
    }
    return res.body.accessToken as string;
  }

  loginAsAdmin(): Promise<string> {
    return this.login(TEST_ADMIN.username, TEST_ADMIN.password);
  }
}

/** Polls until the check passes (for anything that goes through the broker), or fails with its last error. */
export async function expectEventually(check: () => Promise<void> | void, timeoutMs = 10000, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      await check();
      return;
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw lastError;
}
