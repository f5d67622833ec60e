import { createApprovedUser, distributedServersAvailable, joinAccount, type ApiClient } from '@wrenchlog/testing';
import { faultSuite, launchSecondGateway } from './fault-suite.js';

const available = await distributedServersAvailable();
const describeDistributed = available ? describe : describe.skip;

// Issue 32: a lowered or removed member is refused on every gateway replica within SESSION_SYNC_MS
// of the change, whichever replica made it.
describeDistributed('revoking a member with two gateway replicas', () => {
  const suite = faultSuite({ SESSION_SYNC_MS: '300' });
  let second: ApiClient;

  beforeAll(async () => {
    second = await launchSecondGateway(suite);
  });

  it("refuses the member's old token on the other replica once the change is known there (SESSION_SYNC_MS)", async () => {
    const owner = (await createApprovedUser(suite.api, { name: 'Two-replica Owner' })).token;
    const accountId = (await suite.api.get('/api/user/me', owner)).body.accountId as number;
    const manager = await joinAccount(suite.api, { dataDir: suite.fleet.dataDir }, owner, 'manager');
    const viewer = await joinAccount(suite.api, { dataDir: suite.fleet.dataDir }, owner, 'viewer');
    // Both replicas know the sessions as they were.
    expect((await second.get('/api/machines/all', manager.token)).status).toBe(200);
    expect((await second.get('/api/machines/all', viewer.token)).status).toBe(200);

    expect((await suite.api.put(`/api/accounts/${accountId}/members/${manager.id}`, { role: 'operator' }, owner)).status).toBe(200);
    expect((await suite.api.delete(`/api/accounts/${accountId}/members/${viewer.id}`, owner)).status).toBe(204);
    const changed = Date.now();

    // The replica that made the change refuses at once; the other within its next sync.
    expect((await suite.api.get('/api/machines/all', manager.token)).status).toBe(401);
    let refusedAfter = -1;
    while (Date.now() - changed < 5_000) {
      const [m, v] = await Promise.all([second.get('/api/machines/all', manager.token), second.get('/api/machines/all', viewer.token)]);
      if (m.status === 401 && v.status === 401) {
        refusedAfter = Date.now() - changed;
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    console.log(`the second gateway refused the lowered and the removed member ${refusedAfter} ms after the change (SESSION_SYNC_MS 300)`);
    expect(refusedAfter).toBeGreaterThanOrEqual(0);
    expect(refusedAfter).toBeLessThan(300 * 3 + 500);
  });
});
