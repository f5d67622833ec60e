import { of, throwError } from 'rxjs';
import type { ServiceClients } from '../rpc/rpc-client.js';
import { SESSION_HORIZON_MS, SessionPositions, SessionPositionsStore, upstreamOf } from './session-positions.js';

describe(SessionPositionsStore.name, () => {
  const store = new SessionPositionsStore('a secret of the gateway');
  const written = () => {
    const session = store.open('7:7', undefined);
    session.add({ 'machine-service>schedule-service': 41, 'machine-service>report-service': 42 });
    return session;
  };

  it("carries a session's positions in its token to another replica (same secret), which asks them of the right service", () => {
    const token = store.keep(written());
    const elsewhere = new SessionPositionsStore('a secret of the gateway').open('7:7', token);
    expect(elsewhere.requiredBy('schedule-service')).toEqual({ 'machine-service': 41 });
    expect(elsewhere.requiredBy('report-service')).toEqual({ 'machine-service': 42 });
    expect(elsewhere.requiredBy('fuel-purchase-service')).toBeUndefined();
  });

  it('ignores a token of another session (user or account), a tampered one and one signed with another secret', () => {
    const token = store.keep(written());
    const fresh = new SessionPositionsStore('a secret of the gateway');
    expect(fresh.open('7:8', token).isEmpty()).toBe(true);
    const [body, signature] = token.split('.');
    const forged = Buffer.from(Buffer.from(body, 'base64url').toString().replace('41', '99')).toString('base64url');
    expect(fresh.open('7:7', `${forged}.${signature}`).isEmpty()).toBe(true);
    expect(new SessionPositionsStore('another secret').open('7:7', token).isEmpty()).toBe(true);
    expect(fresh.open('7:7', 'not a token').isEmpty()).toBe(true);
  });

  it("keeps the session in this replica's memory for a client that does not send the token", () => {
    store.keep(written());
    expect(store.open('7:7', undefined).requiredBy('schedule-service')).toEqual({ 'machine-service': 41 });
  });

  it('keeps the newest position of a lane when the token and the memory differ', () => {
    const session = store.open('9:9', undefined);
    session.add({ 'fuel-purchase-service>schedule-service': 5 });
    const older = store.keep(session);
    session.add({ 'fuel-purchase-service>schedule-service': 8 });
    store.keep(session);
    expect(store.open('9:9', older).requiredBy('schedule-service')).toEqual({ 'fuel-purchase-service': 8 });
  });

  it('forgets positions older than the horizon: reads after it cost nothing', () => {
    const session = new SessionPositions('1:1');
    const now = Date.now();
    session.add({ 'machine-service>schedule-service': 3 }, now - SESSION_HORIZON_MS - 1000);
    expect(session.requiredBy('schedule-service', now)).toBeUndefined();
    expect(session.isEmpty(now)).toBe(true);
  });
});

describe(upstreamOf.name, () => {
  it("names the services whose events a service receives: a machine's odometer comes from schedule-service", () => {
    expect([...upstreamOf('machine-service')]).toEqual(expect.arrayContaining(['schedule-service', 'service-record-service']));
    expect([...upstreamOf('schedule-service')]).toEqual(expect.arrayContaining(['machine-service', 'fuel-purchase-service', 'service-record-service']));
  });
});

describe('settling upstream when a service is down', () => {
  // The image worker stopped: nothing answers it (as a stopped service's transport does).
  const down = { get: () => ({ send: () => throwError(() => new Error('no answer')) }) } as unknown as ServiceClients;
  const afterAnUpload = () => {
    const session = new SessionPositionsStore('a secret of the gateway').open('7:7', undefined);
    session.add({ 'machine-service>image-worker': 12 });
    return session;
  };

  it("refuses a read of what the stopped service feeds (503, the session's upload is not applied)", async () => {
    expect(upstreamOf('machine-service').has('image-worker')).toBe(true);
    await expect(afterAnUpload().settleUpstream('machine-service', down, 200)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('lets a change go ahead on what the target knows, and keeps the lane open for the next read', async () => {
    const session = afterAnUpload();
    await expect(session.settleUpstream('machine-service', down, 200, { strict: false })).resolves.toBeGreaterThanOrEqual(0);
    await expect(session.settleUpstream('machine-service', down, 200)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    // That 503 dropped the lane (the answer's token says so): the client's retry is not refused again.
    expect(session.changed).toBe(true);
    await expect(session.settleUpstream('machine-service', down, 200)).resolves.toBeGreaterThanOrEqual(0);
  });

  it('lets a change go ahead while the upstream service is up but has not applied the write yet (catching up after a restart)', async () => {
    const behind = { get: () => ({ send: () => of({ applied: false, caused: {} }) }) } as unknown as ServiceClients;
    const session = afterAnUpload();
    await expect(session.settleUpstream('machine-service', behind, 200, { strict: false })).resolves.toBeGreaterThanOrEqual(0);
    expect(session.requiredBy('image-worker')).toEqual({ 'machine-service': 12 });
    // A read still waits for it.
    await expect(session.settleUpstream('machine-service', behind, 200)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it("drops a target's lanes after its own wait ran out, so the retry reads what is there", () => {
    const session = new SessionPositionsStore('a secret of the gateway').open('7:7', undefined);
    session.add({ 'fuel-purchase-service>schedule-service': 5, 'machine-service>report-service': 6 });
    session.giveUp('schedule-service');
    expect(session.requiredBy('schedule-service')).toBeUndefined();
    expect(session.requiredBy('report-service')).toEqual({ 'machine-service': 6 });
  });
});
