import {
  MACHINE_DELETED,
  MACHINE_SAVED,
  SERVICE_RECORD_BY_MACHINE,
  SERVICE_RECORD_CHANGED,
  SERVICE_RECORD_CREATE,
  SERVICE_RECORD_DELETE,
  SERVICE_RECORD_GET,
  SERVICE_RECORD_RECENT,
  SERVICE_RECORD_UPDATE,
  type ServiceRecord,
} from '@wrenchlog/contracts';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { DataSource } from 'typeorm';
import { MachinesService } from '../src/machines/machines.service.js';
import { ServiceUnderTest, userA, userB } from './harness.js';

const INVALID = 'Service record must have a title, date and status';

describe.each(await testEngines())('service records over the transport (%s)', (engine) => {
  let svc: ServiceUnderTest;
  let nextMachine = 1000;
  const machineOf = async (actor: typeof userA, name: string): Promise<number> => {
    const machineId = nextMachine++;
    await svc.emit(MACHINE_SAVED, { machineId, accountId: actor.accountId, name });
    await expectEventually(async () => {
      const created = await svc.send(SERVICE_RECORD_CREATE, { title: 'probe', machineId }, actor);
      await svc.send(SERVICE_RECORD_DELETE, { id: created.id }, actor);
      expect(created.machineName).toBe(name);
    });
    return machineId;
  };

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
  });

  afterAll(async () => {
    await svc?.stop();
  });

  it('creates a record with the spec defaults and answers it as stored', async () => {
    const machineId = await machineOf(userA, 'Tractor');
    const before = Date.now();

    const created = await svc.send(SERVICE_RECORD_CREATE, { title: 'Oil change', machineId }, userA);

    expect(created).toEqual({
      id: expect.any(Number),
      title: 'Oil change',
      status: 'New',
      machineName: 'Tractor',
      machineId,
      serviceDate: new Date().toISOString().slice(0, 10),
      serviceType: 'Maintenance',
      serviceShop: null,
      notes: null,
      price: 0,
      dateCreated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      miles: null,
      hours: null,
      // Nobody this service has heard of yet by name (no account.member.saved for them).
      createdBy: { id: userA.userId, name: null },
      updatedBy: null,
    });
    expect(Date.parse(created.dateCreated)).toBeGreaterThanOrEqual(before - 1000);
    expect(await svc.send(SERVICE_RECORD_GET, { id: created.id }, userA)).toEqual(created);
  });

  it('keeps the price exact and answers it with 2 decimals; more decimals are refused, never rounded (issue 36)', async () => {
    const machineId = await machineOf(userA, 'Truck');

    const created = await svc.send(SERVICE_RECORD_CREATE, { title: 'Tyres', machineId, price: 1234.56, miles: 120500.5, hours: 88 }, userA);

    expect(created.price).toBe(1234.56);
    expect((await svc.send(SERVICE_RECORD_GET, { id: created.id }, userA)).price).toBe(1234.56);
    for (const price of [1234.565, 1.005, 1e-7]) {
      expect(await svc.failure(SERVICE_RECORD_CREATE, { title: 'Tyres', machineId, price }, userA)).toMatchObject({
        code: 'VALIDATION',
        message: 'Price must be a number from 0 to 9999999.99',
      });
    }
    expect(created).toMatchObject({ miles: 120500.5, hours: 88 });
  });

  it('refuses a record without title, date or status with the spec message', async () => {
    const machineId = await machineOf(userA, 'Mower');

    expect(await svc.failure(SERVICE_RECORD_CREATE, { title: '  ', machineId }, userA)).toMatchObject({ code: 'VALIDATION', message: INVALID });
    expect(await svc.failure(SERVICE_RECORD_CREATE, { title: 'x', status: '', machineId }, userA)).toMatchObject({ code: 'VALIDATION', message: INVALID });
    expect(await svc.failure(SERVICE_RECORD_CREATE, { title: 'x', serviceDate: ' ', machineId }, userA)).toMatchObject({
      code: 'VALIDATION',
      message: INVALID,
    });
    expect(await svc.failure(SERVICE_RECORD_CREATE, { title: 'x', machineId: 0 }, userA)).toMatchObject({ code: 'VALIDATION', message: 'Machine is required' });
  });

  it('refuses a call without a signed-in caller', async () => {
    expect(await svc.failure(SERVICE_RECORD_RECENT, {}, null)).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('looks a machine it has not heard of yet up in machine-service once, and later saved events still rename it', async () => {
    const machineId = nextMachine++;
    svc.machines.machines.set(machineId, { accountId: userA.accountId, name: 'Brand new loader' });
    const lookups = svc.machines.lookups;

    const created = await svc.send(SERVICE_RECORD_CREATE, { title: 'Early bird', machineId }, userA);
    expect(created.machineName).toBe('Brand new loader');
    await svc.send(SERVICE_RECORD_CREATE, { title: 'Second', machineId }, userA);
    expect(svc.machines.lookups).toBe(lookups + 1);
    await svc.emit(MACHINE_SAVED, { machineId, accountId: userA.accountId, name: 'Renamed loader', at: new Date().toISOString() });

    await expectEventually(async () => {
      expect((await svc.send(SERVICE_RECORD_GET, { id: created.id }, userA)).machineName).toBe('Renamed loader');
    });
  });

  it("refuses a nonexistent machine, another user's not heard of yet, and ids beyond the integer columns, storing nothing", async () => {
    const machineId = nextMachine++;
    svc.machines.machines.set(machineId, { accountId: userB.accountId, name: 'Not yours' });
    const notFound = { code: 'NOT_FOUND', message: 'Machine not found' };
    // Beyond the integer columns is no id at all (issue 25.10): refused as a missing machine.
    const noId = { code: 'VALIDATION', message: 'Machine is required', details: [{ field: 'machineId', message: 'Machine is required' }] };

    expect(await svc.failure(SERVICE_RECORD_CREATE, { title: 'x', machineId }, userA)).toEqual(notFound);
    expect(await svc.failure(SERVICE_RECORD_CREATE, { title: 'x', machineId: nextMachine++ }, userA)).toEqual(notFound);
    expect(await svc.failure(SERVICE_RECORD_CREATE, { title: 'x', machineId: 2 ** 31 }, userA)).toEqual(noId);
    expect(await svc.failure(SERVICE_RECORD_CREATE, { title: 'x', machineId: 2 ** 53 - 1 }, userA)).toEqual(noId);
    expect(await svc.send(SERVICE_RECORD_BY_MACHINE, { machineId }, userA)).toEqual([]);
    expect(await svc.send(SERVICE_RECORD_BY_MACHINE, { machineId }, userB)).toEqual([]);
  });

  it('renames the records of a machine when the machine is renamed, and only its owner sees the name', async () => {
    const machineId = await machineOf(userA, 'Old name');
    const record = await svc.send(SERVICE_RECORD_CREATE, { title: 'Belt', machineId }, userA);

    await svc.emit(MACHINE_SAVED, { machineId, accountId: userA.accountId, name: 'New name' });

    await expectEventually(async () => {
      expect((await svc.send(SERVICE_RECORD_GET, { id: record.id }, userA)).machineName).toBe('New name');
    });
  });

  it("refuses a record for another user's machine, and for a deleted one, as not found", async () => {
    const machineId = await machineOf(userA, 'Private');

    expect(await svc.failure(SERVICE_RECORD_CREATE, { title: 'x', machineId }, userB)).toEqual({ code: 'NOT_FOUND', message: 'Machine not found' });
    await svc.emit(MACHINE_DELETED, { machineId, accountId: userA.accountId });
    await expectEventually(async () => {
      expect(await svc.failure(SERVICE_RECORD_CREATE, { title: 'x', machineId }, userA)).toEqual({ code: 'NOT_FOUND', message: 'Machine not found' });
    });
  });

  it('updates from the object a read returned, computed and unknown fields ignored', async () => {
    const machineId = await machineOf(userA, 'Boat');
    const created = await svc.send(SERVICE_RECORD_CREATE, { title: 'Hull', machineId, serviceShop: 'Marina', price: 10 }, userA);

    const updated = await svc.send(
      SERVICE_RECORD_UPDATE,
      {
        id: created.id,
        record: { ...created, status: 'Complete', notes: 'all good', machineName: 'ignored', dateCreated: '2000-01-01T00:00:00Z', selected: true } as never,
      },
      userA,
    );

    expect(updated).toEqual({ ...created, status: 'Complete', notes: 'all good', updatedBy: { id: userA.userId, name: null } });
    expect(await svc.send(SERVICE_RECORD_GET, { id: created.id }, userA)).toEqual(updated);
  });

  it('answers the spec messages for bad ids and a mismatched update', async () => {
    const machineId = await machineOf(userA, 'Quad');
    const created = await svc.send(SERVICE_RECORD_CREATE, { title: 'Chain', machineId }, userA);

    expect(await svc.failure(SERVICE_RECORD_GET, { id: 0 }, userA)).toMatchObject({ code: 'VALIDATION', message: 'Invalid service record ID' });
    expect(await svc.failure(SERVICE_RECORD_DELETE, { id: -3 }, userA)).toMatchObject({ code: 'VALIDATION', message: 'Invalid service record ID' });
    expect(await svc.failure(SERVICE_RECORD_UPDATE, { id: 0, record: { title: 'x' } }, userA)).toMatchObject({
      code: 'VALIDATION',
      message: 'Invalid service record or ID',
    });
    expect(await svc.failure(SERVICE_RECORD_UPDATE, { id: created.id, record: { ...created, id: created.id + 1 } as never }, userA)).toMatchObject({
      code: 'VALIDATION',
      message: 'Invalid service record or ID',
    });
    expect(await svc.failure(SERVICE_RECORD_UPDATE, { id: created.id, record: { title: '' } }, userA)).toMatchObject({ code: 'VALIDATION', message: INVALID });
  });

  it("answers another user's record as not found on read, update and delete, and leaves it unchanged", async () => {
    const machineId = await machineOf(userA, 'Excavator');
    const created = await svc.send(SERVICE_RECORD_CREATE, { title: 'Hydraulics', machineId }, userA);

    for (const failure of [
      await svc.failure(SERVICE_RECORD_GET, { id: created.id }, userB),
      await svc.failure(SERVICE_RECORD_UPDATE, { id: created.id, record: { title: 'stolen' } }, userB),
      await svc.failure(SERVICE_RECORD_DELETE, { id: created.id }, userB),
    ]) {
      expect(failure).toEqual({ code: 'NOT_FOUND', message: 'Service record not found' });
    }
    expect(await svc.send(SERVICE_RECORD_BY_MACHINE, { machineId }, userB)).toEqual([]);
    expect(await svc.send(SERVICE_RECORD_GET, { id: created.id }, userA)).toEqual(created);
  });

  /**
   * What machine-service keeps from service.record.changed: the newest event for the machine. (Of
   * several waiting in the outbox together only the newest is sent, a state event.)
   */
  const expectMachineTold = async (machineId: number, recordId: number, change: 'saved' | 'deleted', latestServiceDate: string | null) =>
    expectEventually(() => {
      const last = svc
        .events(SERVICE_RECORD_CHANGED)
        .filter((e) => e.machineId === machineId)
        .at(-1);
      expect(last).toMatchObject({ machineId, accountId: userA.accountId, recordId, change, latestServiceDate });
      expect(Number.isNaN(Date.parse(last.at))).toBe(false);
    });

  it("tells machine-service the machine's latest service date after each change", async () => {
    const machineId = await machineOf(userA, 'Generator');
    const older = await svc.send(SERVICE_RECORD_CREATE, { title: 'A', machineId, serviceDate: '2025-03-01' }, userA);
    await expectMachineTold(machineId, older.id, 'saved', '2025-03-01');
    const newer = await svc.send(SERVICE_RECORD_CREATE, { title: 'B', machineId, serviceDate: '2025-06-15' }, userA);
    await expectMachineTold(machineId, newer.id, 'saved', '2025-06-15');
    await svc.send(SERVICE_RECORD_UPDATE, { id: older.id, record: { serviceDate: '2025-01-10' } }, userA);
    await expectMachineTold(machineId, older.id, 'saved', '2025-06-15');
    await svc.send(SERVICE_RECORD_DELETE, { id: newer.id }, userA);
    await expectMachineTold(machineId, newer.id, 'deleted', '2025-01-10');
    await svc.send(SERVICE_RECORD_DELETE, { id: older.id }, userA);
    await expectMachineTold(machineId, older.id, 'deleted', null);
  });

  it('keeps the newer date as the latest when an older record is created after it, and counts records of a machine looked up in machine-service', async () => {
    const machineId = await machineOf(userA, 'Mower');
    await svc.send(SERVICE_RECORD_CREATE, { title: 'Blades', machineId, serviceDate: '2025-08-01' }, userA);
    const older = await svc.send(SERVICE_RECORD_CREATE, { title: 'Oil', machineId, serviceDate: '2025-02-01' }, userA);
    await expectMachineTold(machineId, older.id, 'saved', '2025-08-01');
    const unknownMachine = 88_001;
    svc.machines.machines.set(unknownMachine, { accountId: userA.accountId, name: 'Looked up' });
    await svc.send(SERVICE_RECORD_CREATE, { title: 'First', machineId: unknownMachine, serviceDate: '2025-05-05' }, userA);
    const second = await svc.send(SERVICE_RECORD_CREATE, { title: 'Second', machineId: unknownMachine, serviceDate: '2025-04-04' }, userA);
    await expectMachineTold(unknownMachine, second.id, 'saved', '2025-05-05');
  });

  it('keeps the newest name when saved events for a machine are handled at once or out of order', async () => {
    const machineId = await machineOf(userA, 'Crane 0');
    const record = await svc.send(SERVICE_RECORD_CREATE, { title: 'Boom', machineId }, userA);
    const soon = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
    const onSaved = (i: number) =>
      svc.get(MachinesService).onSaved({
        actor: null,
        payload: { machineId, accountId: userA.accountId, name: `Crane ${i}`, at: soon(i) },
        meta: { correlationId: 'int-test-event' },
      });
    const nameNow = async () => (await svc.send(SERVICE_RECORD_GET, { id: record.id }, userA)).machineName;

    // All handled at the same time, the newest first.
    await Promise.all([8, 3, 6, 1, 7, 2, 5, 4].map(onSaved));
    expect(await nameNow()).toBe('Crane 8');

    // A late older one changes nothing; a newer one does.
    await onSaved(5);
    expect(await nameNow()).toBe('Crane 8');
    await onSaved(9);
    expect(await nameNow()).toBe('Crane 9');
    expect((await svc.send(SERVICE_RECORD_CREATE, { title: 'Hook', machineId }, userA)).machineName).toBe('Crane 9');
  });

  it('gives every record created while its machine is renamed the new name', async () => {
    const machineId = await machineOf(userA, 'Skid steer 0');
    const marker = await svc.send(SERVICE_RECORD_CREATE, { title: 'marker', machineId }, userA);

    // Renames one at a time (each applied before the next, seen on the marker record) while creates
    // keep coming, so renames land between a create's read of the machine and its commit.
    let renaming = true;
    const flood = async () => {
      let n = 0;
      while (renaming) {
        await Promise.all(Array.from({ length: 8 }, () => svc.send(SERVICE_RECORD_CREATE, { title: `during rename ${n++}`, machineId }, userA)));
      }
    };
    const renames = async () => {
      for (let i = 1; i <= 12; i++) {
        await svc.emit(MACHINE_SAVED, { machineId, accountId: userA.accountId, name: `Skid steer ${i}` });
        await expectEventually(
          async () => expect((await svc.send(SERVICE_RECORD_GET, { id: marker.id }, userA)).machineName).toBe(`Skid steer ${i}`),
          10_000,
          5,
        );
      }
      renaming = false;
    };
    await Promise.all([flood(), renames()]);

    const list = (await svc.send(SERVICE_RECORD_BY_MACHINE, { machineId }, userA)) as ServiceRecord[];
    expect(list.length).toBeGreaterThan(8);
    expect(list.filter((r) => r.machineName !== 'Skid steer 12').map((r) => [r.title, r.machineName])).toEqual([]);
  });

  it('moves a record to another machine: its name, and both machines told their latest service date', async () => {
    const from = await machineOf(userA, 'Tractor');
    const to = await machineOf(userA, 'Baler');
    const stays = await svc.send(SERVICE_RECORD_CREATE, { title: 'Stays', machineId: from, serviceDate: '2025-01-20' }, userA);
    const moving = await svc.send(SERVICE_RECORD_CREATE, { title: 'Moves', machineId: from, serviceDate: '2025-04-10' }, userA);
    const there = await svc.send(SERVICE_RECORD_CREATE, { title: 'There', machineId: to, serviceDate: '2025-03-03' }, userA);

    const moved = await svc.send(SERVICE_RECORD_UPDATE, { id: moving.id, record: { machineId: to } }, userA);

    expect(moved).toEqual({ ...moving, machineId: to, machineName: 'Baler', updatedBy: { id: userA.userId, name: null } });
    expect(((await svc.send(SERVICE_RECORD_BY_MACHINE, { machineId: from }, userA)) as ServiceRecord[]).map((r) => r.id)).toEqual([stays.id]);
    expect(((await svc.send(SERVICE_RECORD_BY_MACHINE, { machineId: to }, userA)) as ServiceRecord[]).map((r) => r.id)).toEqual([moving.id, there.id]);
    await expectMachineTold(to, moving.id, 'saved', '2025-04-10');
    await expectMachineTold(from, moving.id, 'deleted', '2025-01-20');
  });

  it('tells the machine its newest service date when records with different dates are created at once', async () => {
    // The newest date sent next to last: the last writer waits for its lock while it commits.
    const dates = Array.from({ length: 24 }, (_, i) => (i === 22 ? '2024-12-31' : `2024-0${(i % 9) + 1}-1${i % 10}`));
    // Three machines in turn, so the writers queue behind each other's locks many times.
    for (const name of ['Fleet van', 'Fleet truck', 'Fleet trailer']) {
      const machineId = await machineOf(userA, name);
      const created = await Promise.all(
        dates.map((serviceDate, i) => svc.send(SERVICE_RECORD_CREATE, { title: `at once ${i}`, machineId, serviceDate }, userA)),
      );

      // machine-service keeps the event with the latest `at`: it must carry the newest date of all.
      await expectEventually(async () => {
        expect(await svc.outboxPending()).toBe(0);
        const events = svc.events(SERVICE_RECORD_CHANGED).filter((e) => e.machineId === machineId);
        const last = events.reduce((x, y) => (Date.parse(y.at) >= Date.parse(x.at) ? y : x));
        expect(created.map((r) => r.id)).toContain(last.recordId);
        expect(last.latestServiceDate).toBe([...dates].sort().at(-1));
      });
    }
  });

  it('moves records back and forth between two machines at once, each update answered and both machines told their latest date', async () => {
    const [a, b] = [await machineOf(userA, 'Dozer A'), await machineOf(userA, 'Dozer B')];
    const onA = await Promise.all(
      ['2024-05-01', '2024-05-02', '2024-05-03'].map((serviceDate) => svc.send(SERVICE_RECORD_CREATE, { title: 'on A', machineId: a, serviceDate }, userA)),
    );
    const onB = await Promise.all(
      ['2024-06-01', '2024-06-02', '2024-06-03'].map((serviceDate) => svc.send(SERVICE_RECORD_CREATE, { title: 'on B', machineId: b, serviceDate }, userA)),
    );

    // Opposite moves at the same time: they take the two machines' locks in one order, never a deadlock.
    const moved = await Promise.all([
      ...onA.map((r) => svc.send(SERVICE_RECORD_UPDATE, { id: r.id, record: { machineId: b } }, userA)),
      ...onB.map((r) => svc.send(SERVICE_RECORD_UPDATE, { id: r.id, record: { machineId: a } }, userA)),
    ]);

    expect(moved.map((r) => r.machineName)).toEqual(['Dozer B', 'Dozer B', 'Dozer B', 'Dozer A', 'Dozer A', 'Dozer A']);
    await expectEventually(async () => {
      expect(await svc.outboxPending()).toBe(0);
      for (const [machineId, latest] of [
        [a, '2024-06-03'],
        [b, '2024-05-03'],
      ] as const) {
        const events = svc.events(SERVICE_RECORD_CHANGED).filter((e) => e.machineId === machineId);
        expect(events.reduce((x, y) => (Date.parse(y.at) >= Date.parse(x.at) ? y : x)).latestServiceDate).toBe(latest);
      }
    });
  });

  // PostgreSQL only: SQLite runs one write transaction at a time.
  if (engine === 'postgres') {
    it('tells the machine its newest service date when a record is updated while another is created', async () => {
      const machineId = await machineOf(userA, 'Yard loader');
      const record = await svc.send(SERVICE_RECORD_CREATE, { title: 'Tracks', machineId, serviceDate: '2024-02-01' }, userA);
      // A side transaction holds the record's row, so the update stops at its write, after its reads.
      const side = svc.get(DataSource).createQueryRunner();
      await side.startTransaction();
      try {
        await side.query('SELECT id FROM service_records WHERE id = $1 FOR UPDATE', [record.id]);
        const update = svc.send(SERVICE_RECORD_UPDATE, { id: record.id, record: { serviceDate: '2024-03-01' } }, userA);
        await expectEventually(async () => expect(await waitingForLocks(svc.get(DataSource))).toBe(1));
        // A create with the newest date, while the update waits: it commits at once, or (fixed) it
        // waits for the machine the update holds.
        let created = false;
        const create = svc.send(SERVICE_RECORD_CREATE, { title: 'Engine', machineId, serviceDate: '2025-09-09' }, userA).then((r) => ((created = true), r));
        await expectEventually(async () => expect(created || (await waitingForLocks(svc.get(DataSource))) === 2).toBe(true));
        await side.commitTransaction();
        await Promise.all([update, create]);
      } finally {
        await side.release();
      }

      await expectEventually(async () => {
        expect(await svc.outboxPending()).toBe(0);
        const events = svc.events(SERVICE_RECORD_CHANGED).filter((e) => e.machineId === machineId);
        const last = events.reduce((x, y) => (Date.parse(y.at) >= Date.parse(x.at) ? y : x));
        expect(last.latestServiceDate).toBe('2025-09-09');
      });
    });
  }

  it('answers the same record to a retried create with the same idempotency key', async () => {
    const machineId = await machineOf(userA, 'Forklift');

    const first = await svc.send(SERVICE_RECORD_CREATE, { title: 'Mast', machineId }, userA, 'key-0123456789');
    const retry = await svc.send(SERVICE_RECORD_CREATE, { title: 'Mast', machineId }, userA, 'key-0123456789');

    expect(retry).toEqual(first);
    expect(await svc.send(SERVICE_RECORD_BY_MACHINE, { machineId }, userA)).toHaveLength(1);
  });

  it('takes many creates, updates and machine events at the same time without losing one', async () => {
    const machineId = await machineOf(userA, 'Busy');

    const created = await Promise.all(Array.from({ length: 25 }, (_, i) => svc.send(SERVICE_RECORD_CREATE, { title: `parallel ${i}`, machineId }, userA)));
    await Promise.all([
      ...created.map((r) => svc.send(SERVICE_RECORD_UPDATE, { id: r.id, record: { status: 'Complete' } }, userA)),
      svc.emit(MACHINE_SAVED, { machineId, accountId: userA.accountId, name: 'Busy renamed' }),
    ]);

    await expectEventually(async () => {
      const list = (await svc.send(SERVICE_RECORD_BY_MACHINE, { machineId }, userA)) as ServiceRecord[];
      expect(list).toHaveLength(25);
      expect(list.every((r) => r.status === 'Complete' && r.machineName === 'Busy renamed')).toBe(true);
    });
  });

  it("lists a machine's records newest service date first", async () => {
    const machineId = await machineOf(userA, 'Skid steer');
    for (const [title, serviceDate] of [
      ['mid', '2025-05-05'],
      ['old', '2024-01-01'],
      ['new', '2026-02-02'],
      ['mid too', '2025-05-05'],
    ]) {
      await svc.send(SERVICE_RECORD_CREATE, { title, machineId, serviceDate }, userA);
    }

    const list = (await svc.send(SERVICE_RECORD_BY_MACHINE, { machineId }, userA)) as ServiceRecord[];

    expect(list.map((r) => r.title)).toEqual(['new', 'mid too', 'mid', 'old']);
    expect(await svc.failure(SERVICE_RECORD_BY_MACHINE, { machineId: 0 }, userA)).toMatchObject({ code: 'VALIDATION', message: 'Invalid machine ID' });
  });

  it("deletes a deleted machine's records, idempotently, and a late saved event does not bring the machine back", async () => {
    const machineId = await machineOf(userA, 'Scrapped');
    const kept = await machineOf(userA, 'Kept');
    await svc.send(SERVICE_RECORD_CREATE, { title: 'one', machineId }, userA);
    await svc.send(SERVICE_RECORD_CREATE, { title: 'two', machineId }, userA);
    const other = await svc.send(SERVICE_RECORD_CREATE, { title: 'three', machineId: kept }, userA);

    await svc.emit(MACHINE_DELETED, { machineId, accountId: userA.accountId });
    await svc.emit(MACHINE_DELETED, { machineId, accountId: userA.accountId });
    await svc.emit(MACHINE_SAVED, { machineId, accountId: userA.accountId, name: 'Scrapped' });

    await expectEventually(async () => {
      expect(await svc.send(SERVICE_RECORD_BY_MACHINE, { machineId }, userA)).toEqual([]);
    });
    expect(await svc.failure(SERVICE_RECORD_CREATE, { title: 'x', machineId }, userA)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await svc.send(SERVICE_RECORD_GET, { id: other.id }, userA)).toEqual(other);
  });
});

describe.each(await testEngines())('the recent services list over many records (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const user = { userId: 303, adminLevel: 0, accountId: 303, role: 'owner' as const };
  const stranger = { userId: 404, adminLevel: 0, accountId: 404, role: 'owner' as const };
  const all: ServiceRecord[] = [];
  const statuses = ['New', 'In Progress', 'Complete', 'Cancelled', 'Closed'];
  const types = ['Maintenance', 'Repair', 'Inspection', 'Upgrade'];
  const machineNames = ['alpha Loader', 'Bravo truck', 'charlie mower'];
  const machines: number[] = [];

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
    for (const [i, name] of machineNames.entries()) {
      machines.push(5000 + i);
      await svc.emit(MACHINE_SAVED, { machineId: 5000 + i, accountId: user.accountId, name });
    }
    await svc.emit(MACHINE_SAVED, { machineId: 6000, accountId: stranger.accountId, name: 'alpha stranger' });
    await expectEventually(async () => {
      const probe = await svc.send(SERVICE_RECORD_CREATE, { title: 'probe', machineId: 5002 }, user);
      await svc.send(SERVICE_RECORD_DELETE, { id: probe.id }, user);
      expect(probe.machineName).toBe('charlie mower');
    });
    for (let i = 0; i < 300; i++) {
      const day = String((i % 28) + 1).padStart(2, '0');
      const month = String((Math.floor(i / 28) % 12) + 1).padStart(2, '0');
      all.push(
        await svc.send(
          SERVICE_RECORD_CREATE,
          {
            title: `${i % 2 ? 'brake' : 'Oil'} job ${String(i).padStart(3, '0')}`,
            status: statuses[i % statuses.length],
            serviceType: types[i % types.length],
            serviceDate: `${2020 + (i % 5)}-${month}-${day}`,
            machineId: machines[i % machines.length],
            serviceShop: i % 10 === 0 ? 'Shop 100% Fast_Lane' : 'Corner garage',
            notes: i % 7 === 0 ? 'Replaced the TIMING belt' : undefined,
            price: i + 0.25,
          },
          user,
        ),
      );
    }
    for (let i = 0; i < 5; i++) {
      await svc.send(SERVICE_RECORD_CREATE, { title: `stranger ${i}`, status: 'New', machineId: 6000 }, stranger);
    }
  }, 120000);

  afterAll(async () => {
    await svc?.stop();
  });

  const collate = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const expected = (key: (r: ServiceRecord) => string, direction: 'asc' | 'desc', rows = all) =>
    [...rows].sort((a, b) => {
      const byKey = collate(key(a), key(b)) || a.id - b.id;
      return direction === 'asc' ? byKey : -byKey;
    });
  const everyPage = async (query: Record<string, unknown>, size = 48) => {
    const first = await svc.send(SERVICE_RECORD_RECENT, { ...query, page: 0, size }, user);
    const rows = [...first.content];
    for (let page = 1; page < first.totalPages; page++) {
      rows.push(...(await svc.send(SERVICE_RECORD_RECENT, { ...query, page, size }, user)).content);
    }
    return { first, rows };
  };

  it('answers the first page of 12, newest service date first, with paging totals and machine names', async () => {
    const page = await svc.send(SERVICE_RECORD_RECENT, {}, user);

    expect(page.totalElements).toBe(300);
    expect(page.totalPages).toBe(25);
    expect(page.number).toBe(0);
    expect(page.size).toBe(12);
    expect(page.content.map((r) => r.id)).toEqual(
      expected((r) => r.serviceDate, 'desc')
        .slice(0, 12)
        .map((r) => r.id),
    );
    expect(page.content.every((r) => machineNames.includes(r.machineName!))).toBe(true);
  });

  it.each([
    ['machineName', (r: ServiceRecord) => r.machineName!.toLowerCase()],
    ['title', (r: ServiceRecord) => r.title.toLowerCase()],
    ['serviceDate', (r: ServiceRecord) => r.serviceDate],
    ['serviceType', (r: ServiceRecord) => r.serviceType.toLowerCase()],
    ['status', (r: ServiceRecord) => r.status.toLowerCase()],
  ])('sorts every page by %s both ways, ties broken by id, with no row lost or repeated', async (field, key) => {
    for (const direction of ['asc', 'desc'] as const) {
      const { first, rows } = await everyPage({ sort: `${field},${direction}` });

      expect(first.totalElements).toBe(300);
      expect(rows.map((r) => r.id)).toEqual(expected(key, direction).map((r) => r.id));
    }
  });

  it('filters by status in any letter case, on every page', async () => {
    const { first, rows } = await everyPage({ status: 'in progress', sort: 'title,asc' }, 7);
    const inProgress = all.filter((r) => r.status === 'In Progress');

    expect(first.totalElements).toBe(60);
    expect(first.totalPages).toBe(Math.ceil(60 / 7));
    expect(rows.map((r) => r.id)).toEqual(expected((r) => r.title.toLowerCase(), 'asc', inProgress).map((r) => r.id));
  });

  it('searches title, notes, shop, machine name, type and status without regard to case', async () => {
    const count = async (q: string, status?: string) => (await svc.send(SERVICE_RECORD_RECENT, { q, status, size: 1 }, user)).totalElements;

    expect(await count('BRAKE')).toBe(150);
    expect(await count('timing belt')).toBe(all.filter((r) => r.notes).length);
    expect(await count('100% fast_lane')).toBe(30);
    expect(await count('bravo')).toBe(100);
    expect(await count('inspection')).toBe(75);
    expect(await count('cancelled')).toBe(60);
    expect(await count('brake', 'New')).toBe(all.filter((r) => r.title.startsWith('brake') && r.status === 'New').length);
    // LIKE wildcards in the search are plain text.
    expect(await count('100%_')).toBe(0);
    expect(await count('stranger')).toBe(0);
  });

  it("never shows another user's records", async () => {
    const theirs = await svc.send(SERVICE_RECORD_RECENT, { size: 100 }, stranger);

    expect(theirs.totalElements).toBe(5);
    expect(theirs.content.every((r) => r.title.startsWith('stranger'))).toBe(true);
  });

  it('answers an empty page past the end and refuses bad paging and sorting', async () => {
    const past = await svc.send(SERVICE_RECORD_RECENT, { page: 99, size: 12 }, user);

    expect(past).toMatchObject({ content: [], totalElements: 300, totalPages: 25, number: 99, size: 12 });
    expect(await svc.failure(SERVICE_RECORD_RECENT, { size: 101 }, user)).toMatchObject({ message: 'Size must be a whole number from 1 to 100' });
    expect(await svc.failure(SERVICE_RECORD_RECENT, { page: -1 }, user)).toMatchObject({ message: 'Page must be a whole number, 0 or more' });
    expect(await svc.failure(SERVICE_RECORD_RECENT, { sort: 'price,asc' }, user)).toMatchObject({ code: 'VALIDATION' });
  });
});

/** How many sessions of the service's PostgreSQL database wait for a lock (asked outside any transaction: one keeps its first view of pg_stat_activity). */
async function waitingForLocks(dataSource: DataSource): Promise<number> {
  const [{ n }] = await dataSource.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
  return n;
}
