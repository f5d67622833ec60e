import 'fake-indexeddb/auto';
import { Outbox, type Owner } from './outbox';
import { isQueuedOffline, queuedKind } from './queued';
import { idbQueueStore, type QueuedWrite } from './queue-store';
import { ApiClient } from '../../api/client';
import { SessionManager } from '../../features/auth/session';
import { randomKey } from '../../lib/random-key';

// The offline queue against IndexedDB (fake-indexeddb) and a server that keeps creates by their
// Idempotency-Key as the services do: a key seen before answers the record it made.

/** A create kept as the API client keeps it: its own key, its kind by route. */
function keep(box: Outbox, path: string, body: Record<string, unknown>) {
  return box.enqueue(path, body, { key: randomKey(), kind: queuedKind('POST', path) ?? 'Record' });
}

let dbCount = 0;
const freshDb = () => `outbox-test-${++dbCount}`;

interface Stored {
  id: number;
  key: string;
  body: unknown;
}

function server() {
  const records: Stored[] = [];
  const state = {
    records,
    /** What the next sends meet, in order: the network down, an answer lost after the write, or a refusal. */
    script: [] as Array<'offline' | 'lost' | { status: number; message: string } | 'ok'>,
    sends: [] as string[],
  };
  const send = async (write: QueuedWrite): Promise<Response> => {
    state.sends.push(write.key);
    const step = state.script.shift() ?? 'ok';
    if (step === 'offline') {
      throw new TypeError('Failed to fetch');
    }
    if (typeof step === 'object') {
      return new Response(JSON.stringify({ statusCode: step.status, code: 'X', message: step.message }), { status: step.status });
    }
    let record = records.find((r) => r.key === write.key);
    if (!record) {
      record = { id: records.length + 1, key: write.key, body: write.body };
      records.push(record);
    }
    if (step === 'lost') {
      // The server made the record; the answer never came back.
      throw new TypeError('network connection lost');
    }
    return new Response(JSON.stringify({ id: record.id }), { status: 201, headers: { 'content-type': 'application/json' } });
  };
  return { state, send };
}

function outbox(send: (w: QueuedWrite) => Promise<Response>, owner: { current: Owner | null }, db = freshDb()) {
  return new Outbox({ store: idbQueueStore(db), send, owner: () => owner.current });
}

const ME = { accountId: 7, userId: 3 };

describe(Outbox.name, () => {
  it('keeps a write through a network failure and sends it when the connection returns, with the same key', async () => {
    const { state, send } = server();
    const box = outbox(send, { current: ME });
    const queued = await keep(box, '/api/fuel-records', { machineId: 4, amount: 12.5 });
    state.script.push('offline');

    expect(await box.flush()).toEqual({ sent: 0, refused: 0, waiting: 1 });
    expect(box.getSnapshot().writes).toMatchObject([{ id: queued.id, state: 'waiting', attempts: 1 }]);

    expect(await box.flush()).toEqual({ sent: 1, refused: 0, waiting: 0 });
    expect(state.sends).toEqual([queued.key, queued.key]);
    expect(state.records).toEqual([{ id: 1, key: queued.key, body: { machineId: 4, amount: 12.5 } }]);
    expect(box.getSnapshot().writes).toEqual([]);
  });

  it('makes one record when an answer was lost after the server wrote it (the idempotency key)', async () => {
    const { state, send } = server();
    const box = outbox(send, { current: ME });
    await keep(box, '/api/meters/5/readings', { value: 1200, readAt: '2026-11-29' });
    state.script.push('lost');

    expect((await box.flush()).waiting).toBe(1);
    expect(state.records).toHaveLength(1);
    expect((await box.flush()).sent).toBe(1);
    expect(state.sends).toHaveLength(2);
    expect(state.records).toHaveLength(1);
  });

  it('sends each write once when flushes overlap', async () => {
    const { state, send } = server();
    const box = outbox(send, { current: ME });
    await keep(box, '/api/fuel-records', { machineId: 1 });
    await keep(box, '/api/fuel-records', { machineId: 2 });

    await Promise.all([box.flush(), box.flush(), box.flush()]);
    expect(state.sends).toHaveLength(2);
    expect(state.records.map((r) => r.body)).toEqual([{ machineId: 1 }, { machineId: 2 }]);
  });

  it('keeps a refusal with the server words for the user, never resends it by itself, and sends it again on request', async () => {
    const { state, send } = server();
    const box = outbox(send, { current: ME });
    await keep(box, '/api/meters/5/readings', { value: 10, readAt: '2026-11-01' });
    state.script.push({ status: 422, message: 'The reading is out of sequence' });

    expect(await box.flush()).toEqual({ sent: 0, refused: 1, waiting: 0 });
    expect(box.getSnapshot().writes).toMatchObject([{ state: 'refused', refusal: { status: 422, message: 'The reading is out of sequence' } }]);
    expect(await box.flush()).toEqual({ sent: 0, refused: 0, waiting: 0 });
    expect(state.sends).toHaveLength(1);

    const [refused] = box.getSnapshot().writes;
    expect((await box.retry(refused.id, { value: 10, readAt: '2026-11-29' })).sent).toBe(1);
    expect(state.records).toEqual([{ id: 1, key: refused.key, body: { value: 10, readAt: '2026-11-29' } }]);
  });

  it('discards a write only when the user deletes it', async () => {
    const { state, send } = server();
    const box = outbox(send, { current: ME });
    const a = await keep(box, '/api/fuel-records', { machineId: 1 });
    state.script.push({ status: 404, message: 'Machine not found' });
    await box.flush();
    expect(box.getSnapshot().writes).toHaveLength(1);
    await box.remove(a.id);
    expect(box.getSnapshot().writes).toEqual([]);
  });

  it('keeps the order: after a network failure the later writes wait too', async () => {
    const { state, send } = server();
    const box = outbox(send, { current: ME });
    const first = await keep(box, '/api/meters/5/readings', { value: 100 });
    await keep(box, '/api/meters/5/readings', { value: 200 });
    state.script.push('offline');

    expect(await box.flush()).toEqual({ sent: 0, refused: 0, waiting: 2 });
    expect(state.sends).toEqual([first.key]);
    await box.flush();
    expect(state.records.map((r) => r.body)).toEqual([{ value: 100 }, { value: 200 }]);
  });

  it('holds writes made by another member or in another account until they are signed in again', async () => {
    const { state, send } = server();
    const owner = { current: ME as Owner | null };
    const box = outbox(send, owner);
    await keep(box, '/api/fuel-records', { machineId: 1 });

    owner.current = { accountId: 8, userId: 3 };
    expect(await box.flush()).toEqual({ sent: 0, refused: 0, waiting: 1 });
    owner.current = null;
    expect(await box.flush()).toEqual({ sent: 0, refused: 0, waiting: 1 });
    expect(state.sends).toEqual([]);

    owner.current = ME;
    expect((await box.flush()).sent).toBe(1);
  });

  it('keeps what waits across a closed tab (a new outbox on the same device)', async () => {
    const { send } = server();
    const db = freshDb();
    const first = outbox(send, { current: ME }, db);
    const queued = await keep(first, '/api/services/fastCreate', { machineId: 2, serviceType: 'Oil change' });

    const reopened = outbox(send, { current: ME }, db);
    expect(await reopened.load()).toMatchObject([{ id: queued.id, key: queued.key, kind: 'Service record', accountId: 7, userId: 3 }]);
  });

  it('names the creates it queues by route', () => {
    expect(queuedKind('POST', '/api/fuel-records')).toBe('Fuel record');
    expect(queuedKind('POST', '/api/meters/12/readings')).toBe('Meter reading');
    expect(queuedKind('POST', '/api/services/fastCreate')).toBe('Service record');
    expect(queuedKind('POST', '/api/machines/7/issues')).toBe('Issue');
    expect(queuedKind('POST', '/api/machines/7/inspections')).toBe('Inspection');
    expect(queuedKind('GET', '/api/machines/7/inspections')).toBeNull();
    expect(queuedKind('PUT', '/api/fuel-records')).toBeNull();
    expect(queuedKind('POST', '/api/machines/create')).toBeNull();
  });
});

describe('ApiClient with the outbox', () => {
  const token = (claims: object) => `h.${btoa(JSON.stringify(claims))}.s`;

  function client(fetchImpl: typeof fetch) {
    const storage = window.localStorage;
    storage.setItem('wrenchlog.token', token({ sub: '3', acc: 7 }));
    storage.setItem('wrenchlog.expiry', String(Date.now() + 600_000));
    const session = new SessionManager({
      fetch: fetchImpl,
      storage,
      now: () => Date.now(),
      setTimer: () => null,
      clearTimer: () => undefined,
      currentUrl: () => '/dashboard',
      navigate: () => undefined,
      log: console,
    });
    const api = new ApiClient(session, fetchImpl);
    const { send, state } = server();
    const box = new Outbox({ store: idbQueueStore(freshDb()), send, owner: () => ME });
    api.useOutbox(box);
    return { api, box, state };
  }

  it('keeps a create on the device with its Idempotency-Key when the request cannot reach the server', async () => {
    const calls: Headers[] = [];
    const { api, box } = client(async (_url, init) => {
      calls.push(new Headers(init?.headers));
      throw new TypeError('Failed to fetch');
    });
    const err = await api.post('/api/fuel-records', { machineId: 4, amount: 3 }).catch((e: unknown) => e);

    expect(isQueuedOffline(err)).toBe(true);
    const [write] = box.getSnapshot().writes;
    expect(write).toMatchObject({ path: '/api/fuel-records', body: { machineId: 4, amount: 3 }, kind: 'Fuel record', state: 'waiting' });
    expect(write.key).toBe(calls[0].get('idempotency-key'));
  });

  it("sends other calls as before: a failed update is the caller's error, not queued", async () => {
    const { api, box } = client(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.put('/api/fuel-records/3', { amount: 1 })).rejects.toBeInstanceOf(TypeError);
    expect(box.getSnapshot().writes).toEqual([]);
  });
});
