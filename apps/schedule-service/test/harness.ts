import { MACHINE_SAVED, METER_BY_MACHINE, type Actor, type Meter } from '@wrenchlog/contracts';
import { expectEventually } from '@wrenchlog/testing';
import { ServiceUnderTest as Base, type TestEngine } from '@wrenchlog/testing/nest';
import { AppModule } from '../src/app.module.js';
import { ScheduleEnv } from '../src/config/schedule-env.js';

export { userA, userB } from '@wrenchlog/testing/nest';

/** schedule-service as it runs (see `@wrenchlog/testing/nest`); it calls no other service. */
export const ServiceUnderTest = {
  start: (engine: TestEngine): Promise<Base> => Base.start(engine, { name: 'schedule', env: ScheduleEnv, module: (env) => AppModule.register(env) }),
};
export type ServiceUnderTest = Base;

export interface AnnouncedMachine {
  machineId: number;
  distance: Meter;
  hours: Meter;
}

/** Machine `machineId` of `actor` as machine-service announces it, with `fields` (its type, miles, dates...); answers its two meters once they exist. */
export async function announceMachine(svc: Base, machineId: number, actor: Actor, fields: Record<string, unknown>): Promise<AnnouncedMachine> {
  await svc.emit(MACHINE_SAVED, { machineId, userId: actor.userId, name: `Machine ${machineId}`, at: new Date().toISOString(), ...fields });
  let meters: Meter[] = [];
  await expectEventually(async () => {
    meters = await svc.send(METER_BY_MACHINE, { machineId }, actor);
    expect(meters).toHaveLength(2);
  });
  return { machineId, distance: meters.find((m) => m.kind === 'distance')!, hours: meters.find((m) => m.kind === 'hours')! };
}
