import { startOnR30Database, type UpgradedService } from '@wrenchlog/testing/nest';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { ScheduleEnv } from '../src/config/schedule-env.js';

// The migrations since on a database an earlier release wrote (the upgrade fixture's SQLite file of
// r30, copied): issue 38's `voided_by` (1767100000000) joins the old readings empty, so a reading
// voided before it (by hand, or out of sequence) is never placed again by a later void.

describe('schedule-service upgrade (sqlite fixture of r30)', () => {
  let upgraded: UpgradedService;

  beforeAll(async () => {
    upgraded = await startOnR30Database({ service: 'schedule-service', env: ScheduleEnv, module: (env) => AppModule.register(env) });
  }, 60_000);

  afterAll(() => upgraded?.close());

  it('gives every reading of the release before an empty voided_by', async () => {
    const db = upgraded.app.get(DataSource);
    const readings: { voided_by: number | null }[] = await db.query('SELECT voided_by FROM meter_readings');
    expect(readings.length).toBeGreaterThan(0);
    expect(readings.filter((r) => r.voided_by !== null)).toEqual([]);
  });
});
