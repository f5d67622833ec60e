import { createAppServices } from '../app/services';
import { json, mockFetch, signIn } from '../test/harness';

beforeEach(() => localStorage.clear());

describe('ApiClient idempotency keys', () => {
  it('sends a fresh Idempotency-Key with every POST and keeps it for the retry after a token refresh', async () => {
    signIn('old-token');
    let creates = 0;
    const { calls } = mockFetch({
      'POST /api/machines/create': () => (++creates === 2 ? json({ statusCode: 401, message: 'Unauthorized' }, 401) : json({ id: creates }, 201)),
      'POST /api/auth/refresh': json({ accessToken: 'new-token', expiresIn: 900_000, type: 'Bearer' }),
    });
    const { api } = createAppServices({ locks: undefined, onStorage: undefined });

    await api.post('/api/machines/create', { name: 'One' });
    await api.post('/api/machines/create', { name: 'Two' });

    const keys = calls.filter((c) => c.url === '/api/machines/create').map((c) => c.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it('sends the key the caller gives, so a retry of the same upload is recorded once, and none on reads', async () => {
    signIn();
    const { calls } = mockFetch({ 'POST /api/services/4/images': json([], 201), 'GET /api/services/4/images': json([]) });
    const { api } = createAppServices({ locks: undefined, onStorage: undefined });

    await api.post('/api/services/4/images', new FormData(), { idempotencyKey: 'photos:abc:def:2' });
    await api.get('/api/services/4/images');

    expect(calls.map((c) => c.headers.get('idempotency-key'))).toEqual(['photos:abc:def:2', null]);
  });
});

describe('ApiClient read-your-writes token', () => {
  it('sends back the X-Consistency-Token of the last answer that carried one, so the next screen shows the save', async () => {
    signIn();
    const created = new Response(JSON.stringify({ id: 9 }), { status: 201, headers: { 'content-type': 'application/json', 'x-consistency-token': 'tok-1' } });
    const { calls } = mockFetch({ 'POST /api/machines/create': () => created, 'GET /api/machines/9/meters': json([]), 'GET /api/machines/all': json([]) });
    const { api } = createAppServices({ locks: undefined, onStorage: undefined });

    await api.get('/api/machines/all');
    await api.post('/api/machines/create', { name: 'One' });
    await api.get('/api/machines/9/meters');

    expect(calls.map((c) => c.headers.get('x-consistency-token'))).toEqual([null, null, 'tok-1']);
  });
});
