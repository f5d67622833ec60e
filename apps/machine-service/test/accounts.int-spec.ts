import {
  ACCOUNT_MEMBER_SAVED,
  MACHINE_CREATE,
  MACHINE_DELETE,
  MACHINE_GALLERY_LIST,
  MACHINE_GET,
  MACHINE_IMPORT_APPLY,
  MACHINE_LIST,
  MACHINE_RECENT,
  MACHINE_UPDATE,
  type AccountRole,
} from '@wrenchlog/contracts';
import { handlerRights, MemberDirectory, PlatformEnv } from '@wrenchlog/platform';
import { expectEventually, testEngines } from '@wrenchlog/testing';
import { memberOf, ServiceUnderTest, userA, userB } from '@wrenchlog/testing/nest';
import { AppModule } from '../src/app.module.js';
import { MachineExportController } from '../src/machines/machine-export.controller.js';
import { MachinesController } from '../src/machines/machines.controller.js';
import { PhotosController } from '../src/photos/photos.controller.js';

// Issue 32 over the transport, on each engine: a machine belongs to the owner's account, which its
// members reach by role; the answers name who created and last changed it.
describe.each(await testEngines())('machines of an account (%s)', (engine) => {
  let svc: ServiceUnderTest;
  const manager = memberOf(userA, 'manager', 1101);
  const viewer = memberOf(userA, 'viewer', 1102);
  const mechanic = memberOf(userA, 'mechanic', 1103);
  const operator = memberOf(userA, 'operator', 1104);
  const excavator = { name: 'Excavator', year: 2019, make: 'CAT', model: '320' };

  const member = (userId: number, name: string, role: AccountRole, machineIds: number[] | null = null) =>
    svc.get(MemberDirectory).onSaved({ accountId: userA.accountId, userId, name, role, machineIds, removed: false, at: new Date().toISOString() });

  beforeAll(async () => {
    svc = await ServiceUnderTest.start(engine, { name: 'machine-accounts', env: PlatformEnv, module: (env) => AppModule.register(env) });
    await member(userA.userId, 'Olga', 'owner');
    await member(manager.userId, 'Maria', 'manager');
  }, 60_000);

  afterAll(() => svc?.stop());

  it("lets a manager see and change the owner's machine, naming who created and who changed it; another account's answers 404", async () => {
    const machine = await svc.send(MACHINE_CREATE, excavator, userA);
    expect(machine).toMatchObject({ createdBy: { id: userA.userId, name: 'Olga' }, updatedBy: null });

    const changed = await svc.send(MACHINE_UPDATE, { id: machine.id, color: 'Yellow' }, manager);

    expect(changed).toMatchObject({ color: 'Yellow', createdBy: { id: userA.userId, name: 'Olga' }, updatedBy: { id: manager.userId, name: 'Maria' } });
    expect((await svc.send(MACHINE_LIST, {}, manager)).find((m) => m.id === machine.id)).toMatchObject({ updatedBy: { id: manager.userId, name: 'Maria' } });
    expect(await svc.failure(MACHINE_GET, { id: machine.id }, userB)).toMatchObject({ code: 'NOT_FOUND', message: 'Machine not found' });
    expect(await svc.failure(MACHINE_UPDATE, { id: machine.id, color: 'Red' }, userB)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('learns a member’s name from account.member.saved', async () => {
    await svc.emit(ACCOUNT_MEMBER_SAVED, {
      accountId: userA.accountId,
      userId: 1105,
      name: 'Pavel',
      role: 'manager',
      machineIds: null,
      removed: false,
      at: new Date().toISOString(),
    });
    const pavel = memberOf(userA, 'manager', 1105);

    await expectEventually(async () =>
      expect((await svc.send(MACHINE_CREATE, { ...excavator, name: 'By Pavel' }, pavel)).createdBy).toEqual({ id: 1105, name: 'Pavel' }),
    );
  });

  it('refuses a change to a role without the right with 403 and its message', async () => {
    const machine = await svc.send(MACHINE_CREATE, { ...excavator, name: 'Kept' }, userA);

    expect(await svc.failure(MACHINE_CREATE, excavator, viewer)).toEqual(
      expect.objectContaining({ code: 'FORBIDDEN', message: 'Your role (viewer) cannot add or change machines' }),
    );
    expect(await svc.failure(MACHINE_DELETE, { id: machine.id }, mechanic)).toEqual(
      expect.objectContaining({ code: 'FORBIDDEN', message: 'Your role (mechanic) cannot delete machines' }),
    );
    expect(await svc.failure(MACHINE_IMPORT_APPLY, { importId: 1, accountId: userA.accountId, batchNo: 0, rows: [] }, operator)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Your role (operator) cannot import data',
    });
    await expect(svc.send(MACHINE_GET, { id: machine.id }, viewer)).resolves.toMatchObject({ name: 'Kept' });
  });

  it('shows an operator only the machines assigned to them, and answers 404 for the others', async () => {
    const theirs = await svc.send(MACHINE_CREATE, { ...excavator, name: 'Assigned loader' }, userA);
    const other = await svc.send(MACHINE_CREATE, { ...excavator, name: 'Not theirs' }, userA);
    await member(operator.userId, 'Oleg', 'operator', [theirs.id]);

    expect((await svc.send(MACHINE_LIST, {}, operator)).map((m) => m.id)).toEqual([theirs.id]);
    expect((await svc.send(MACHINE_RECENT, {}, operator)).map((m) => m.id)).toEqual([theirs.id]);
    await expect(svc.send(MACHINE_GET, { id: theirs.id }, operator)).resolves.toMatchObject({ name: 'Assigned loader' });
    expect(await svc.failure(MACHINE_GET, { id: other.id }, operator)).toMatchObject({ code: 'NOT_FOUND', message: 'Machine not found' });
    expect(await svc.failure(MACHINE_GALLERY_LIST, { machineId: other.id }, operator)).toMatchObject({ code: 'NOT_FOUND', message: 'Machine not found' });
    expect((await svc.send(MACHINE_LIST, {}, viewer)).map((m) => m.id)).toEqual(expect.arrayContaining([theirs.id, other.id]));
  });

  it('asks each handler for its right', () => {
    expect(handlerRights(MachinesController)).toEqual({
      list: 'machine.read',
      recent: 'machine.read',
      get: 'machine.read',
      resolve: 'machine.read',
      importCreateMachines: 'import.run',
      importApply: 'import.run',
      importRevert: 'import.run',
      create: 'machine.write',
      update: 'machine.write',
      delete: 'machine.delete',
    });
    expect(handlerRights(PhotosController)).toEqual({
      profilePhoto: 'machine.read',
      setProfilePhoto: 'machine.write',
      deleteProfilePhoto: 'machine.write',
      gallery: 'machine.read',
      addToGallery: 'machine.write',
      deleteFromGallery: 'machine.write',
      revertImport: 'import.run',
    });
    expect(handlerRights(MachineExportController)).toEqual({ dataPage: 'export.run' });
  });
});
