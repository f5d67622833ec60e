import type { ApiClient } from './api-client.js';

/** A machine of the signed-in user, made through the public API (POST /api/machines/create); answers its id. */
export async function machineForServiceTests(api: ApiClient, token: string, name = `Machine ${Date.now().toString(36)}`): Promise<number> {
  const res = await api.post('/api/machines/create', { name, year: 2020, make: 'Deere', model: '5075E' }, token);
  if (res.status !== 201) {
    throw new Error(`creating machine '${name}' failed: ${res.status} ${res.text}`);
  }
  return res.body.id as number;
}

/** A service record of the signed-in user through POST /api/services/fastCreate; answers the stored record. */
export async function serviceRecordFor(api: ApiClient, token: string, machineId: number, fields: Record<string, unknown> = {}): Promise<any> {
  const res = await api.post('/api/services/fastCreate', { title: 'Oil change', machineId, ...fields }, token);
  if (res.status !== 201) {
    throw new Error(`creating a service record failed: ${res.status} ${res.text}`);
  }
  return res.body;
}
