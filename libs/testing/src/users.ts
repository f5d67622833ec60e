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
  const id = signup.body.id as number;
  const admin = await api.loginAsAdmin();
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
