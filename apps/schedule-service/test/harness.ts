import { FUEL_RECORD_SAVED, MACHINE_SAVED, METER_BY_MACHINE, SERVICE_RECORD_SAVED, type Actor, type Meter } from '@wrenchlog/contracts';
import { expectEventually } from '@wrenchlog/testing';
import { ServiceUnderTest as Base, userA, type TestEngine } from '@wrenchlog/testing/nest';
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

/** Machine `machineId` of `actor` as machine-service announces it, with `fields` (its type, another name, miles, dates...); answers its two meters once they exist. */
export async function announceMachine(svc: Base, machineId: number, actor: Actor, fields: Record<string, unknown>): Promise<AnnouncedMachine> {
  await svc.emit(MACHINE_SAVED, { machineId, accountId: actor.accountId, name: `Machine ${machineId}`, at: new Date().toISOString(), ...fields });
  let meters: Meter[] = [];
  await expectEventually(async () => {
    meters = await svc.send(METER_BY_MACHINE, { machineId }, actor);
    expect(meters).toHaveLength(2);
  });
  return { machineId, distance: meters.find((m) => m.kind === 'distance')!, hours: meters.find((m) => m.kind === 'hours')! };
}

/** A fuel record of `actor` as fuel-purchase-service announces it; a meter it does not give is null. */
export function fuelRecordSaved(
  svc: Base,
  record: { recordId: number; machineId: number; date: string; currentMileage?: number; currentHours?: number },
  actor: Actor = userA,
): Promise<void> {
  return svc.emit(FUEL_RECORD_SAVED, { accountId: actor.accountId, currentMileage: null, currentHours: null, ...record, at: new Date().toISOString() });
}

/** A service record of `actor` as service-record-service announces it; a meter it does not give is null. */
export function serviceRecordSaved(
  svc: Base,
  record: { recordId: number; machineId: number; serviceDate: string; miles?: number; hours?: number; completesScheduleIds?: number[] },
  actor: Actor = userA,
): Promise<void> {
  return svc.emit(SERVICE_RECORD_SAVED, { accountId: actor.accountId, miles: null, hours: null, ...record, at: new Date().toISOString() });
}
