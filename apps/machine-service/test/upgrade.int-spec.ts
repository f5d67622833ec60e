import { PlatformEnv } from '@wrenchlog/platform';
import { memberOf, startOnR30Database, type UpgradedService } from '@wrenchlog/testing/nest';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module.js';
import { MachinesService } from '../src/machines/machines.service.js';

// Issue 32's migration on a database the release before accounts wrote (the upgrade fixture's
// SQLite file, copied): every machine moves to its owner's account, with its owner as its creator.

describe('machine-service upgrade to accounts (sqlite fixture of r30)', () => {
  let upgraded: UpgradedService;

  beforeAll(async () => {
    upgraded = await startOnR30Database({ service: 'machine-service', env: PlatformEnv, module: (env) => AppModule.register(env) });
  }, 60_000);

  afterAll(() => upgraded?.close());

  it("moves each owner's machines and photos to their account, created by them", async () => {
    const db = upgraded.app.get(DataSource);
    const machines: { account_id: number; created_by: number; updated_by: number | null }[] = await db.query(
      'SELECT account_id, created_by, updated_by FROM machines ORDER BY id',
    );
    expect(machines.length).toBeGreaterThan(0);
    expect(machines.every((m) => m.created_by === m.account_id && m.updated_by === null)).toBe(true);
    expect(await db.query('SELECT COUNT(*) AS n FROM machine_photos WHERE account_id IS NULL')).toEqual([{ n: 0 }]);
    // Issue 33's serial number (1767400000000) joins the old rows empty; the VINs stay where they were.
    expect(await db.query('SELECT COUNT(*) AS n FROM machines WHERE serial_number IS NOT NULL')).toEqual([{ n: 0 }]);

    const owner = machines[0].account_id;
    const own = await upgraded.app.get(MachinesService).list({ userId: owner, adminLevel: 0, accountId: owner, role: 'owner' });
    expect(own).toHaveLength(machines.filter((m) => m.account_id === owner).length);
    expect(own[0].createdBy).toEqual({ id: owner, name: null });
    // A manager of that account sees the same machines.
    expect(await upgraded.app.get(MachinesService).list(memberOf({ userId: owner, adminLevel: 0, accountId: owner, role: 'owner' }, 'manager'))).toHaveLength(
      own.length,
    );
  });
});
