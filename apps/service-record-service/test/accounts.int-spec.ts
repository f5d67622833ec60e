import {
  ACCOUNT_MEMBER_SAVED,
  MACHINE_SAVED,
  SERVICE_DATA_EXPORT,
  SERVICE_IMAGE_ADD,
  SERVICE_IMAGE_COUNT,
  SERVICE_IMAGE_DELETE,
  SERVICE_IMAGE_LIST,
  SERVICE_IMPORT_APPLY,
  SERVICE_IMPORT_CHECK,
  SERVICE_IMPORT_REVERT,
  SERVICE_IMPORT_REVERT_IMAGES,
  SERVICE_MACHINE_HISTORY_COUNT,
  SERVICE_RECORD_BY_MACHINE,
  SERVICE_RECORD_CREATE,
  SERVICE_RECORD_DELETE,
  SERVICE_RECORD_GET,
  SERVICE_RECORD_RECENT,
  SERVICE_RECORD_UPDATE,
  type Actor,
  type MemberSavedEvent,
  type RpcPattern,
  type ServiceRecord,
} from '@wrenchlog/contracts';
import { anUploadedJpeg, expectEventually, testEngines } from '@wrenchlog/testing';
import { memberOf } from '@wrenchlog/testing/nest';
import { ServiceUnderTest, userA, userB } from './harness.js';

// Issue 32 over the transport: the members of one account share its records, each role's rights are
// refused with 403 before a handler runs, and a mechanic with an assignment sees only its machines.
describe.each(await testEngines())('service records of an account and its members (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const [tractor, mower] = [7001, 7002];
  const manager = memberOf(userA, 'manager', 1101);
  const mechanic = memberOf(userA, 'mechanic', 1102);
  const operator = memberOf(userA, 'operator', 1103);
  const viewer = memberOf(userA, 'viewer', 1104);
  const member = (actor: Actor, name: string, machineIds: number[] | null = null): MemberSavedEvent => ({
    accountId: actor.accountId,
    userId: actor.userId,
    name,
    role: actor.role,
    machineIds,
    removed: false,
    at: new Date().toISOString(),
  });
  let onTractor: ServiceRecord;
  let onMower: ServiceRecord;

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine);
    for (const [machineId, name] of [
      [tractor, 'Tractor'],
      [mower, 'Mower'],
    ] as const) {
      await svc.emit(MACHINE_SAVED, { machineId, accountId: userA.accountId, name });
    }
    for (const event of [member(userA, 'Olga'), member(manager, 'Maria'), member(mechanic, 'Mo', [tractor]), member(viewer, 'Vic')]) {
      await svc.emit(ACCOUNT_MEMBER_SAVED, event);
    }
    await expectEventually(async () => {
      onTractor = await svc.send(SERVICE_RECORD_CREATE, { title: 'Hitch', machineId: tractor }, userA);
      expect(onTractor).toMatchObject({ machineName: 'Tractor', createdBy: { id: userA.userId, name: 'Olga' } });
    });
    onMower = await svc.send(SERVICE_RECORD_CREATE, { title: 'Blades', machineId: mower, price: 42.5 }, userA);
  }, 60_000);

  afterAll(async () => {
    await svc?.stop();
  });

  it("lets a manager see and change the owner's records, each answer naming who added it and who last changed it", async () => {
    const updated = await svc.send(SERVICE_RECORD_UPDATE, { id: onMower.id, record: { status: 'Complete' } }, manager);

    expect(updated).toMatchObject({
      status: 'Complete',
      price: 42.5,
      createdBy: { id: userA.userId, name: 'Olga' },
      updatedBy: { id: manager.userId, name: 'Maria' },
    });
    expect(await svc.send(SERVICE_RECORD_GET, { id: onMower.id }, userA)).toEqual(updated);
    const made = await svc.send(SERVICE_RECORD_CREATE, { title: 'Belt', machineId: mower }, manager);
    expect(made).toMatchObject({ createdBy: { id: manager.userId, name: 'Maria' }, updatedBy: null });
    const listed = await svc.send(SERVICE_RECORD_RECENT, { size: 100 }, userA);
    expect(listed.content.find((r) => r.id === made.id)).toEqual(made);
    await svc.send(SERVICE_RECORD_DELETE, { id: made.id }, manager);
  });

  it("answers another account's record as not found, and lists none of them", async () => {
    expect(await svc.failure(SERVICE_RECORD_GET, { id: onTractor.id }, userB)).toEqual({ code: 'NOT_FOUND', message: 'Service record not found' });
    expect(await svc.failure(SERVICE_RECORD_CREATE, { title: 'x', machineId: tractor }, userB)).toEqual({ code: 'NOT_FOUND', message: 'Machine not found' });
    expect((await svc.send(SERVICE_RECORD_RECENT, {}, userB)).totalElements).toBe(0);
  });

  it("refuses a viewer's every write with 403 and the role's message, and lets them read", async () => {
    const forbidden = { code: 'FORBIDDEN', message: 'Your role (viewer) cannot add or change service records' };
    expect(await svc.failure(SERVICE_RECORD_CREATE, { title: 'x', machineId: tractor }, viewer)).toEqual(forbidden);
    expect(await svc.failure(SERVICE_RECORD_UPDATE, { id: onTractor.id, record: { title: 'x' } }, viewer)).toEqual(forbidden);
    expect(await svc.failure(SERVICE_RECORD_DELETE, { id: onTractor.id }, viewer)).toEqual(forbidden);
    expect(
      await svc.failure(SERVICE_IMAGE_ADD, { recordId: onTractor.id, images: [{ ...anUploadedJpeg(userA.accountId), fileName: 'a.jpg' }] }, viewer),
    ).toEqual(forbidden);
    expect(await svc.failure(SERVICE_IMAGE_DELETE, { recordId: onTractor.id, imageIds: [1] }, viewer)).toEqual(forbidden);
    expect(await svc.failure(SERVICE_IMPORT_APPLY, { importId: 1, accountId: userA.accountId, batchNo: 0, rows: [] }, viewer)).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (viewer) cannot import data',
    });
    expect(await svc.failure(SERVICE_DATA_EXPORT, { afterId: 0, limit: 10 }, viewer)).toEqual({
      code: 'FORBIDDEN',
      message: 'Your role (viewer) cannot export data',
    });

    expect(await svc.send(SERVICE_RECORD_GET, { id: onMower.id }, viewer)).toMatchObject({ title: 'Blades', price: 42.5 });
    expect((await svc.send(SERVICE_RECORD_RECENT, { size: 100 }, viewer)).totalElements).toBeGreaterThanOrEqual(2);
  });

  it('refuses an operator every route of service records with 403: they see no records', async () => {
    const calls: [RpcPattern, unknown, string][] = [
      [SERVICE_RECORD_GET, { id: onTractor.id }, 'see service records'],
      [SERVICE_RECORD_BY_MACHINE, { machineId: tractor }, 'see service records'],
      [SERVICE_RECORD_RECENT, {}, 'see service records'],
      [SERVICE_IMAGE_LIST, { recordId: onTractor.id }, 'see service records'],
      [SERVICE_IMAGE_COUNT, { recordId: onTractor.id }, 'see service records'],
      [SERVICE_MACHINE_HISTORY_COUNT, { machineId: tractor }, 'see service records'],
      [SERVICE_RECORD_CREATE, { title: 'x', machineId: tractor }, 'add or change service records'],
      [SERVICE_RECORD_UPDATE, { id: onTractor.id, record: { title: 'x' } }, 'add or change service records'],
      [SERVICE_RECORD_DELETE, { id: onTractor.id }, 'add or change service records'],
      [SERVICE_IMAGE_DELETE, { recordId: onTractor.id, imageIds: [1] }, 'add or change service records'],
      [SERVICE_IMPORT_CHECK, { accountId: userA.accountId, rows: [] }, 'import data'],
      [SERVICE_IMPORT_REVERT, { importId: 1, accountId: userA.accountId }, 'import data'],
      [SERVICE_IMPORT_REVERT_IMAGES, { importId: 1 }, 'import data'],
      [SERVICE_DATA_EXPORT, { afterId: 0, limit: 10 }, 'export data'],
    ];
    for (const [pattern, payload, cannot] of calls) {
      expect([pattern, await svc.failure(pattern, payload as never, operator)]).toEqual([
        pattern,
        { code: 'FORBIDDEN', message: `Your role (operator) cannot ${cannot}` },
      ]);
    }
    expect(await svc.send(SERVICE_RECORD_GET, { id: onTractor.id }, userA)).toEqual(onTractor);
  });

  it("shows a mechanic assigned to one machine only that machine's records: another's is not found, left out and not writable", async () => {
    const notFound = { code: 'NOT_FOUND', message: 'Service record not found' };

    const listed = await svc.send(SERVICE_RECORD_RECENT, { size: 100 }, mechanic);
    expect(listed.content.map((r) => r.machineId)).toEqual(listed.content.map(() => tractor));
    expect(listed.content.map((r) => r.id)).toContain(onTractor.id);
    expect(await svc.send(SERVICE_RECORD_GET, { id: onTractor.id }, mechanic)).toMatchObject({ title: 'Hitch', price: 0 });
    expect(await svc.failure(SERVICE_RECORD_GET, { id: onMower.id }, mechanic)).toEqual(notFound);
    expect(await svc.failure(SERVICE_RECORD_UPDATE, { id: onMower.id, record: { title: 'x' } }, mechanic)).toEqual(notFound);
    expect(await svc.failure(SERVICE_RECORD_DELETE, { id: onMower.id }, mechanic)).toEqual(notFound);
    expect(await svc.failure(SERVICE_IMAGE_LIST, { recordId: onMower.id }, mechanic)).toEqual(notFound);
    expect(await svc.failure(SERVICE_RECORD_CREATE, { title: 'x', machineId: mower }, mechanic)).toEqual({ code: 'NOT_FOUND', message: 'Machine not found' });
    expect(await svc.send(SERVICE_RECORD_BY_MACHINE, { machineId: mower }, mechanic)).toEqual([]);
    expect(await svc.send(SERVICE_MACHINE_HISTORY_COUNT, { machineId: mower }, mechanic)).toEqual({ serviceRecords: 0, photos: 0 });

    const written = await svc.send(SERVICE_RECORD_CREATE, { title: 'Oil', machineId: tractor }, mechanic);
    expect(written).toMatchObject({ createdBy: { id: mechanic.userId, name: 'Mo' } });
    await svc.send(SERVICE_RECORD_DELETE, { id: written.id }, mechanic);
  });

  it('lists for any size of assignment, none included', async () => {
    const [three, none] = [memberOf(userA, 'mechanic', 1105), memberOf(userA, 'mechanic', 1106)];
    await svc.emit(ACCOUNT_MEMBER_SAVED, member(three, 'Tri', [tractor, 9999, mower]));
    await svc.emit(ACCOUNT_MEMBER_SAVED, member(none, 'Nil', []));

    await expectEventually(async () => {
      const listed = await svc.send(SERVICE_RECORD_RECENT, { size: 100, sort: 'title,asc' }, three);
      expect(listed.content.map((r) => r.id)).toEqual(expect.arrayContaining([onTractor.id, onMower.id]));
      expect(await svc.send(SERVICE_RECORD_RECENT, {}, none)).toMatchObject({ content: [], totalElements: 0 });
    });
    expect((await svc.send(SERVICE_RECORD_RECENT, { q: 'blades', status: 'complete' }, three)).content.map((r) => r.id)).toEqual([onMower.id]);
  });

  it('widens a mechanic to every machine once their assignment says all machines', async () => {
    await svc.emit(ACCOUNT_MEMBER_SAVED, member(mechanic, 'Mo', null));

    await expectEventually(async () => expect(await svc.send(SERVICE_RECORD_GET, { id: onMower.id }, mechanic)).toMatchObject({ title: 'Blades' }));
  });
});
