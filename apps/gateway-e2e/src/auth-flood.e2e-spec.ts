import { ApiClient, createApprovedUser, e2eProducts, postFrom, type ApprovedUser } from '@wrenchlog/testing';

// The user service hashes at most KDF_CONCURRENCY passwords at once (default: the CPUs) with a
// short queue (KDF_QUEUE, default 4 a slot): a flood from many addresses, each within its own
// per-address limit, is refused with 429 beyond that instead of saturating the machine.
describe.each(e2eProducts())('sign-in flood from many addresses (%s)', (_mode, baseUrl) => {
  const api = new ApiClient(baseUrl);
  let user: ApprovedUser;

  beforeAll(async () => {
    user = await createApprovedUser(api);
  });

  it('admits as many sign-ins as the hashing limiter holds, refuses the rest with 429, a clear message and Retry-After', async () => {
    const subnet = 1 + Math.floor(Math.random() * 250);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        postFrom(`127.${subnet}.${1 + (i % 30)}.${10 + Math.floor(i / 30)}`, `${baseUrl}/api/auth/login`, { username: user.username, password: user.password }),
      ),
    );

    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(ok.length + refused.length).toBe(answers.length);
    expect(ok.length).toBeGreaterThan(0);
    expect(ok[0].body).toMatchObject({ accessToken: expect.any(String), type: 'Bearer' });
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].body).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many sign-ins right now. Please wait a moment and try again.' });
    expect(Number(refused[0].retryAfter)).toBeGreaterThanOrEqual(1);

    // A refusal is not a failed attempt: the account is not locked, and a moment later sign-in works.
    await new Promise((r) => setTimeout(r, 1000));
    const after = await postFrom(`127.${subnet}.200.1`, `${baseUrl}/api/auth/login`, { username: user.username, password: user.password });
    expect(after.status).toBe(200);
  });
});
