// The signed-in session as local storage keeps it, shared by the tabs of one browser.

export const STORAGE_KEYS = {
  token: 'wrenchlog.token',
  expiry: 'wrenchlog.expiry',
  type: 'wrenchlog.type',
} as const;
/** Token type when the server sends none. */
export const DEFAULT_TOKEN_TYPE = 'Bearer';

export interface StoredSession {
  token: string;
  expiresAt: number;
  type: string;
}

export function readStored(storage: Storage): StoredSession | null {
  const token = storage.getItem(STORAGE_KEYS.token);
  if (!token) {
    return null;
  }
  const expiresAt = Number(storage.getItem(STORAGE_KEYS.expiry));
  return { token, expiresAt: Number.isFinite(expiresAt) ? expiresAt : 0, type: storage.getItem(STORAGE_KEYS.type) || DEFAULT_TOKEN_TYPE };
}

export function writeStored(storage: Storage, stored: StoredSession): StoredSession {
  // The token last: other tabs react to its storage event and then read all three.
  storage.setItem(STORAGE_KEYS.expiry, String(stored.expiresAt));
  storage.setItem(STORAGE_KEYS.type, stored.type);
  storage.setItem(STORAGE_KEYS.token, stored.token);
  return stored;
}

export function clearStored(storage: Storage): void {
  storage.removeItem(STORAGE_KEYS.token);
  storage.removeItem(STORAGE_KEYS.expiry);
  storage.removeItem(STORAGE_KEYS.type);
}
