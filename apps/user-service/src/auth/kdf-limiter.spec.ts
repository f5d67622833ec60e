import { ErrorCode } from '@wrenchlog/contracts';
import { loadEnv } from '@wrenchlog/platform';
import { availableParallelism } from 'node:os';
import { UserEnv } from '../config/user-env.js';
import { HASHING_BUSY, KdfLimiter, kdfLimiterFrom, SIGN_IN_BUSY } from './kdf-limiter.js';
import { PasswordHasher } from './password-hasher.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe(KdfLimiter.name, () => {
  it('runs at most `concurrency` at once, queues `queue` more in arrival order and refuses the rest with 429 and Retry-After', async () => {
    const limiter = new KdfLimiter(2, 1);
    const gates = [deferred(), deferred(), deferred()];
    const order: number[] = [];
    const runs = gates.map((gate, i) =>
      limiter.run(async () => {
        order.push(i);
        await gate.promise;
        return i;
      }, SIGN_IN_BUSY),
    );

    expect(limiter.load).toEqual({ active: 2, waiting: 1 });
    expect(() => limiter.refuseIfFull(SIGN_IN_BUSY)).toThrow(SIGN_IN_BUSY);
    await expect(limiter.run(async () => 'never', SIGN_IN_BUSY)).rejects.toMatchObject({
      code: ErrorCode.RateLimited,
      message: SIGN_IN_BUSY,
      retryAfter: 1,
    });
    gates.forEach((g) => g.resolve());
    await expect(Promise.all(runs)).resolves.toEqual([0, 1, 2]);
    expect(order).toEqual([0, 1, 2]);
    expect(limiter.load).toEqual({ active: 0, waiting: 0 });
    expect(() => limiter.refuseIfFull(SIGN_IN_BUSY)).not.toThrow();
  });

  it('gives the slot back when the work fails', async () => {
    const limiter = new KdfLimiter(1, 0);
    await expect(limiter.run(() => Promise.reject(new Error('boom')), HASHING_BUSY)).rejects.toThrow('boom');

    await expect(limiter.run(async () => 'ok', HASHING_BUSY)).resolves.toBe('ok');
    expect(limiter.load).toEqual({ active: 0, waiting: 0 });
  });

  it('limits real argon2 sign-ins: the ones admitted verify, the flood beyond them is refused at once', async () => {
    const hasher = new PasswordHasher(new KdfLimiter(1, 1));
    const stored = await hasher.hash('correct horse battery staple');

    const started = performance.now();
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map(() => hasher.verify(stored, 'correct horse battery staple')));

    expect(outcomes.filter((o) => o.status === 'fulfilled').map((o) => (o as PromiseFulfilledResult<boolean>).value)).toEqual([true, true]);
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({ code: ErrorCode.RateLimited, message: 'Too many sign-ins right now. Please wait a moment and try again.' });
    // Two hashes one after the other, not four.
    expect(performance.now() - started).toBeLessThan(5000);
    await expect(hasher.verify(stored, 'wrong password')).resolves.toBe(false);
    await expect(hasher.verify(null, 'anything')).resolves.toBe(false);
  });

  it('puts signup and password changes under the same limit, with their own message', async () => {
    const limiter = new KdfLimiter(1, 0);
    const hasher = new PasswordHasher(limiter);
    const gate = deferred();
    const busy = limiter.run(() => gate.promise, SIGN_IN_BUSY);

    await expect(hasher.hash('a new password')).rejects.toMatchObject({ code: ErrorCode.RateLimited, message: HASHING_BUSY });
    gate.resolve();
    await busy;
    await expect(hasher.hash('a new password')).resolves.toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });
});

describe(kdfLimiterFrom.name, () => {
  it('sizes the limiter from KDF_CONCURRENCY and KDF_QUEUE, by default one slot a CPU (at most the thread pool) and 4 waiting a slot', () => {
    expect(kdfLimiterFrom(loadEnv(UserEnv, { KDF_CONCURRENCY: '3', KDF_QUEUE: '5', UV_THREADPOOL_SIZE: '8' }))).toMatchObject({ concurrency: 3, queue: 5 });
    const byDefault = kdfLimiterFrom(loadEnv(UserEnv, {}));
    expect(byDefault.concurrency).toBe(Math.min(availableParallelism(), 4));
    expect(byDefault.queue).toBe(4 * byDefault.concurrency);
  });
});
