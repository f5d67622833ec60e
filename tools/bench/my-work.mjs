// Issue 35's My work (GET /api/my-work): a mechanic who works for 20 farms, with 5 open orders in
// each, read in one call, judged like the other list calls.
import { addToAccount, ApiClient, createApprovedUser, createMachine } from '@wrenchlog/testing';
import { whenKnown } from './schedules.mjs';

/** The mechanic, a member of `accounts` accounts with `perAccount` orders assigned in each, set up through the API. */
export async function prepareMyWork(product, { accounts = 20, perAccount = 5 } = {}) {
  const api = new ApiClient(product.baseUrl);
  const mechanic = await createApprovedUser(api, { name: 'Bench mechanic' });
  // One account at a time: each invitation's email to the mechanic is told from the one before.
  for (let i = 0; i < accounts; i++) {
    const owner = await createApprovedUser(api, { name: `Bench farm ${i}` });
    const machineId = (await createMachine(api, owner.token, { name: `Farm ${i} tractor` })).id;
    await addToAccount(api, { dataDir: product.dataDir }, owner.token, mechanic, 'mechanic');
    for (let j = 0; j < perAccount; j++) {
      const order = {
        machineId,
        title: `Job ${j}`,
        assigneeUserId: mechanic.id,
        priority: ['low', 'medium', 'high', 'critical'][j % 4],
        plannedDate: `2026-0${1 + j}-15`,
      };
      const res = await whenKnown(() => api.post('/api/work-orders', order, owner.token));
      if (res.status !== 201) {
        throw new Error(`work order create answered ${res.status} ${res.text}`);
      }
    }
  }
  return mechanic;
}

export const myWorkScenario = (mechanic) => ({
  name: 'my-work',
  kind: 'list',
  request: { method: 'GET', path: '/api/my-work', headers: { authorization: `Bearer ${mechanic.token}` } },
});
