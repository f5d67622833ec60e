import type { ApiClient } from './api-client.js';

/** Creates a machine of the signed-in user through POST /api/machines/create and answers the stored machine. */
export async function createMachine(api: ApiClient, token: string, fields: Record<string, unknown> = {}): Promise<any> {
  const res = await api.post(
    '/api/machines/create',
    { name: `Machine ${Math.random().toString(36).slice(2, 8)}`, year: 2018, make: 'Deere', model: '5075E', ...fields },
    token,
  );
  if (res.status !== 201) {
    throw new Error(`creating a machine failed: ${res.status} ${res.text}`);
  }
  return res.body;
}
