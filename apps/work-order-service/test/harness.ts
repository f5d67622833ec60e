import { ErrorCode, MACHINE_SAVED, type Actor } from '@wrenchlog/contracts';
import { MemberDirectory, RpcCallError } from '@wrenchlog/platform';
import { ServiceUnderTest as Base, type RpcStub, type TestEngine } from '@wrenchlog/testing/nest';
import { AppModule } from '../src/app.module.js';
import { WorkEnv } from '../src/config/work-env.js';

export { memberOf, userA, userB } from '@wrenchlog/testing/nest';

/**
 * What the other services answer work-order-service (its boundary): schedules and parts of account
 * 101 (userA), and the service records it makes and deletes, kept here so a test can read them.
 */
export class OtherServices {
  readonly records = new Map<number, { key: string; body: Record<string, unknown> }>();
  readonly schedules = new Map<number, { machineId: number; serviceType: string; accountId: number; jobTemplateId?: number | null }>();
  readonly parts = new Map<number, { name: string; price: number; accountId: number }>();
  /** Stock by part id, and what each take key took (fuel-purchase-service's inventory.stock.take / .return). */
  readonly stock = new Map<number, number>();
  readonly takes = new Map<string, { partId: number; quantity: number }[]>();
  /** What each holder reserves (fuel-purchase-service's inventory.stock.reserve: the newest version's set). */
  readonly reservations = new Map<string, { version: number; lines: { key: string; partId: number; quantity: number }[] }>();
  /** When set, inventory.stock.reserve answers as an unreachable inventory. */
  inventoryDown = false;
  /** Members user-service knows and this service has not heard of yet (their event on its way), by `account:user`. */
  readonly joining = new Map<string, { role: 'mechanic' | 'manager'; machineIds: number[] | null }>();
  /** The accounts user-service names for each user (user.account.names), by user id. */
  readonly accountNames = new Map<number, { id: number; name: string }[]>();
  /** A call that does its work and then loses its reply once (a crash or timeout of the caller's): 503. */
  loseReplyOf: string | null = null;
  /** A call that refuses (400) while set. */
  refuse: string | null = null;
  private nextRecord = 5000;

  readonly rpc: RpcStub = async (pattern, payload, ctx) => {
    if (this.refuse === pattern) {
      throw new RpcCallError(ErrorCode.BadRequest, 'Refused by the test');
    }
    const answer = await this.answer(pattern, payload, ctx);
    if (this.loseReplyOf === pattern) {
      this.loseReplyOf = null;
      throw new RpcCallError(ErrorCode.Unavailable, 'The reply was lost');
    }
    return answer;
  };

  private readonly answer: RpcStub = async (pattern, payload, ctx) => {
    const account = ctx.actor?.accountId;
    switch (pattern) {
      case 'schedule.schedule.get': {
        const s = this.schedules.get(payload.id);
        if (!s || s.accountId !== account) {
          throw new RpcCallError(ErrorCode.NotFound, 'Schedule not found');
        }
        return { id: payload.id, ...s };
      }
      case 'inventory.part.get': {
        const p = this.parts.get(payload.id);
        if (!p || p.accountId !== account) {
          throw new RpcCallError(ErrorCode.NotFound, 'Part not found');
        }
        return { id: payload.id, ...p };
      }
      case 'service.record.create': {
        // As service-record-service does: one record per idempotency key.
        const found = [...this.records.entries()].find(([, r]) => r.key === ctx.idempotencyKey);
        if (found) {
          return { id: found[0], ...found[1].body };
        }
        const id = this.nextRecord++;
        this.records.set(id, { key: ctx.idempotencyKey ?? `none-${id}`, body: payload });
        return { id, ...payload };
      }
      case 'service.record.delete': {
        if (!this.records.delete(payload.id)) {
          throw new RpcCallError(ErrorCode.NotFound, 'Service record not found');
        }
        return { id: payload.id };
      }
      case 'inventory.stock.take': {
        if (!this.takes.has(payload.key)) {
          const short = payload.moves.filter((m: { partId: number; quantity: number }) => (this.stock.get(m.partId) ?? 0) < m.quantity);
          if (short.length && !payload.allowNegativeStock) {
            throw new RpcCallError(ErrorCode.Conflict, `Not enough stock: ${short.map((m: { partId: number }) => this.parts.get(m.partId)?.name).join(', ')}`);
          }
          // As fuel-purchase-service: stock stops at 0, and a return puts back what was taken.
          const taken = payload.moves.map((m: { partId: number; quantity: number }) => ({
            partId: m.partId,
            quantity: Math.min(m.quantity, this.stock.get(m.partId) ?? 0),
          }));
          for (const m of taken) {
            this.stock.set(m.partId, (this.stock.get(m.partId) ?? 0) - m.quantity);
          }
          this.takes.set(payload.key, taken);
        }
        return { key: payload.key, parts: [] };
      }
      case 'inventory.stock.return': {
        for (const m of this.takes.get(payload.key) ?? []) {
          this.stock.set(m.partId, (this.stock.get(m.partId) ?? 0) + m.quantity);
        }
        this.takes.delete(payload.key);
        return { key: payload.key, returned: 0 };
      }
      case 'inventory.stock.reserve': {
        if (this.inventoryDown) {
          throw new RpcCallError(ErrorCode.Unavailable, 'The inventory is not answering');
        }
        const held = this.reservations.get(payload.holder);
        if (!held || held.version <= payload.version) {
          this.reservations.set(payload.holder, { version: payload.version, lines: payload.lines });
        }
        return { holder: payload.holder, version: this.reservations.get(payload.holder)!.version, applied: true };
      }
      case 'user.account.names':
        return this.accountNames.get(ctx.actor?.userId ?? 0) ?? [];
      case 'user.member.assignment': {
        const m = this.joining.get(`${account}:${ctx.actor?.userId}`);
        return m ? { member: true, ...m } : { member: false, machineIds: null, role: null };
      }
      default:
        throw new Error(`unexpected call ${pattern}`);
    }
  };
}

export const ServiceUnderTest = {
  start: (engine: TestEngine, others: OtherServices, vars?: Record<string, string>): Promise<Base> =>
    Base.start(engine, { name: 'work', env: WorkEnv, module: (env) => AppModule.register(env), rpc: others.rpc, vars }),
};
export type ServiceUnderTest = Base;

/** Machine `machineId` of `actor`'s account as machine-service announces it. */
export function announceMachine(svc: Base, machineId: number, actor: Actor, name = `Machine ${machineId}`): Promise<void> {
  return svc.emit(MACHINE_SAVED, { machineId, accountId: actor.accountId, name, at: new Date().toISOString() });
}

/** A member as user-service announces it. */
export function member(svc: Base, actor: Actor, name: string, machineIds: number[] | null): Promise<void> {
  return svc
    .get(MemberDirectory)
    .onSaved({ accountId: actor.accountId, userId: actor.userId, name, role: actor.role, machineIds, removed: false, at: new Date().toISOString() });
}
