import { ServiceUnderTest as Base, type RpcStub, type TestEngine } from '@wrenchlog/testing/nest';
import { expectEventually } from '@wrenchlog/testing';
import { AppModule } from '../src/app.module.js';
import { Clock } from '../src/common/clock.js';
import { NotificationEnv } from '../src/config/notification-env.js';
import { SchedulerService } from '../src/scheduler/scheduler.service.js';

import type { Actor, FleetReport } from '@wrenchlog/contracts';

export { memberOf, userA, userB } from '@wrenchlog/testing/nest';

/** The owner of their own account (an account made before accounts has its owner's id). */
export const owner = (userId: number): Actor => ({ userId, adminLevel: 0, accountId: userId, role: 'owner' });

/** A clock the test moves. */
export class TestClock extends Clock {
  at = new Date();
  override now(): Date {
    return new Date(this.at);
  }
  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
  }
}

/** notification-service as it runs (see `@wrenchlog/testing/nest`), on a clock the test moves. */
export type ServiceUnderTest = Base & {
  clock: TestClock;
  /** One scheduler pass at the test clock's now, as a tick would run it. */
  tick(): Promise<void>;
  /** Lets the outbox hand over what is pending. */
  flushOutbox(): Promise<void>;
};

export const ServiceUnderTest = {
  /** `rpc`: what report- and schedule-service answer (the weekly report's figures); without it the real client. `vars`: more settings. */
  start: async (engine: TestEngine, rpc?: RpcStub, vars: Record<string, string> = {}): Promise<ServiceUnderTest> => {
    const clock = new TestClock();
    const service = await Base.start(engine, {
      name: 'notification',
      env: NotificationEnv,
      module: (env) => AppModule.register(env),
      vars: { NOTIFICATION_TICK_MS: String(15 * 60 * 1000), ...vars },
      replace: [{ provide: Clock, useValue: clock }],
      rpc,
    });
    return Object.assign(service, {
      clock,
      tick: () => service.get(SchedulerService).drainNow(),
      flushOutbox: () => expectEventually(async () => expect(await service.outboxPending()).toBe(0)),
    });
  },
};

/** report-service's fleet totals of a week whose only cost is fuel (what the weekly reports' stubs answer). */
export const fuelOnlyTotals = (cost: number, distance: number | null): FleetReport['totals'] => ({
  fuel: cost,
  service: 0,
  parts: 0,
  total: cost,
  distance,
  distanceUnit: 'mi',
  covers: { distance: [], hours: [] },
  hours: null,
  costPerDistance: null,
  costPerHour: null,
  fuelEconomy: null,
});
