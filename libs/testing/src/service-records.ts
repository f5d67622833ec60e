import type { ApiClient } from './api-client.js';
import { createMachine } from './machines.js';

/** A machine of the signed-in user; answers its id. */
export const machineForServiceTests = async (api: ApiClient, token: string, name = `Machine ${Date.now().toString(36)}`): Promise<number> =>
  (await createMachine(api, token, { name })).id as number;

/** A service record of the signed-in user through POST /api/services/fastCreate; answers the stored record. */
export async function serviceRecordFor(api: ApiClient, token: string, machineId: number, fields: Record<string, unknown> = {}): Promise<any> {
  const res = await api.post('/api/services/fastCreate', { title: 'Oil change', machineId, ...fields }, token);
  if (res.status !== 201) {
    throw new Error(`creating a service record failed: ${res.status} ${res.text}`);
  }
  return res.body;
}
