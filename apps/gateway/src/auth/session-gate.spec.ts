import { USER_SESSION_ENDED, USER_SESSION_STATE, type SessionState } from '@wrenchlog/contracts';
import type { RpcClient } from '@wrenchlog/platform';
import { GatewayEnv } from '../config/gateway-env.js';
import { SessionGate } from './session-gate.js';

/** user-service at the RPC boundary: states by user, and the users whose sessions ended. */
class FakeUserService {
  states = new Map<number, SessionState>();
  ended: number[] = [];
  stateCalls = 0;
  /** Holds state answers until released, to test a drop that lands while a read is on its way. */
  hold?: Promise<void>;

  send = async (pattern: string, payload: { userId?: number }): Promise<unknown> => {
    if (pattern === USER_SESSION_STATE) {
      this.stateCalls++;
      const answer = { ...(this.states.get(payload.userId!) ?? { enabled: false, sessionVersion: 0 }) };
      await this.hold;
      return answer;
    }
    if (pattern === USER_SESSION_ENDED) {
      const userIds = this.ended;
      this.ended = [];
      return { userIds, until: new Date().toISOString() };
    }
    throw new Error(`unexpected ${pattern}`);
  };
}

describe(SessionGate.name, () => {
  let users: FakeUserService;
  let gate: SessionGate;

  beforeEach(async () => {
    users = new FakeUserService();
    users.states.set(7, { enabled: true, sessionVersion: 2 });
    gate = new SessionGate(users as unknown as RpcClient, new GatewayEnv());
    await gate.sync(); // the first poll
  });

  it("admits a token of the user's current session version, asking user-service once", async () => {
    expect(await gate.admits(7, 2)).toBe(true);
    expect(await gate.admits(7, 2)).toBe(true);
    expect(await Promise.all([gate.admits(7, 2), gate.admits(7, 2)])).toEqual([true, true]);
    expect(users.stateCalls).toBe(1);
  });

  it('refuses a token of an older session version, a disabled account and a missing user', async () => {
    expect(await gate.admits(7, 1)).toBe(false);
    users.states.set(8, { enabled: false, sessionVersion: 0 });
    expect(await gate.admits(8, 0)).toBe(false);
    expect(await gate.admits(9, 0)).toBe(false);
  });

  it('refuses the old token on the next check after this gateway relayed the change (forget)', async () => {
    expect(await gate.admits(7, 2)).toBe(true);
    users.states.set(7, { enabled: false, sessionVersion: 3 });

    gate.forget(7);

    expect(await gate.admits(7, 2)).toBe(false);
  });

  it('drops the users whose sessions ended elsewhere when it polls', async () => {
    expect(await gate.admits(7, 2)).toBe(true);
    users.states.set(7, { enabled: true, sessionVersion: 3 });
    expect(await gate.admits(7, 2)).toBe(true); // still the cached state: nobody said yet

    users.ended = [7];
    await gate.sync();

    expect(await gate.admits(7, 2)).toBe(false);
    expect(await gate.admits(7, 3)).toBe(true);
  });

  it('does not keep a state read before a drop that landed while it was on its way', async () => {
    let release!: () => void;
    users.hold = new Promise((resolve) => (release = resolve));
    const early = gate.admits(7, 2);
    users.states.set(7, { enabled: false, sessionVersion: 3 });
    gate.forget(7);
    release();
    await early;
    users.hold = undefined;

    expect(await gate.admits(7, 2)).toBe(false);
  });

  it('clears what it cached before its first poll answered', async () => {
    const fresh = new SessionGate(users as unknown as RpcClient, new GatewayEnv());
    expect(await fresh.admits(7, 2)).toBe(true);
    users.states.set(7, { enabled: true, sessionVersion: 3 });

    await fresh.sync();

    expect(await fresh.admits(7, 2)).toBe(false);
  });
});
