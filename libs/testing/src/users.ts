import { randomBytes } from 'node:crypto';
import type { ApiClient } from './api-client.js';

export interface ApprovedUser {
  id: number;
  username: string;
  password: string;
  token: string;
}

export interface ApprovedUserOverrides {
  username?: string;
  name?: string;
  password?: string;
  userSelfDescription?: string;
}

/** A unique email for a test account. */
export const uniqueEmail = (prefix = 'user'): string => `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@wrenchlog.test`;

/**
 * A second signed-in user for tests: signs a unique user up (public call), lets the test admin
 * set a password and approve the account, then signs the new user in.
 */
export async function createApprovedUser(api: ApiClient, overrides: ApprovedUserOverrides = {}): Promise<ApprovedUser> {
  const username = overrides.username ?? uniqueEmail();
  const password = overrides.password ?? `Pw${randomBytes(9).toString('base64url')}1`;
  const signup = await api.post('/api/admin/createuser', {
    username,
    name: overrides.name ?? 'Test User',
    userSelfDescription: overrides.userSelfDescription ?? 'created by a test',
    enabled: 1,
    createDate: new Date().toISOString(),
  });
  if (signup.status !== 201) {
    throw new Error(`signup of ${username} failed: ${signup.status} ${signup.text}`);
  }
  const admin = await api.loginAsAdmin();
  const id = await userIdOf(api, admin, username);
  const update = await api.put(`/api/admin/users/${id}`, { password }, admin);
  if (update.status !== 200) {
    throw new Error(`setting the password of ${username} failed: ${update.status} ${update.text}`);
  }
  const approve = await api.put(`/api/admin/approve/${id}`, {}, admin);
  if (approve.status !== 200) {
    throw new Error(`approval of ${username} failed: ${approve.status} ${approve.text}`);
  }
  const token = await api.login(username, password);
  return { id, username, password, token };
}

/**
 * The id of an account, found in the administrators' user list (newest first) as an administrator
 * would: the public signup answers no id (issue 25: it must not tell which emails have accounts).
 */
export async function userIdOf(api: ApiClient, adminToken: string, username: string): Promise<number> {
  const wanted = username.trim().toLowerCase();
  for (let page = 0; page < 100; page++) {
    const res = await api.get(`/api/admin/users?page=${page}&size=100`, adminToken);
    if (res.status !== 200) {
      throw new Error(`listing users failed: ${res.status} ${res.text}`);
    }
    const rows = res.body as { id: number; username: string }[];
    const found = rows.find((u) => u.username === wanted);
    if (found) {
      return found.id;
    }
    if (rows.length < 100) {
      break;
    }
  }
  throw new Error(`no account ${wanted} in the user list`);
}
