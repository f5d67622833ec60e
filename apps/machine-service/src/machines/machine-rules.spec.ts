import 'reflect-metadata';
import { applyMachineChanges, assertGalleryRoom, newMachine, toMachine } from './machine-rules.js';
import type { MachineEntity } from './machine.entity.js';

const created = (): MachineEntity => {
  const m = newMachine({ accountId: 1, userId: 1 }, { name: 'Excavator', year: 2019, make: 'CAT', model: '320' }, new Date('2025-01-01T10:00:00Z'));
  m.id = 5;
  return m;
};

describe('machine rules', () => {
  it('creates a machine with status Good and no optional values', () => {
    expect(toMachine(created())).toMatchObject({
      id: 5,
      name: 'Excavator',
      year: 2019,
      status: 'Good',
      type: null,
      isPermanentLicense: false,
      profilePhoto: null,
      lastUpdated: '2025-01-01T10:00:00.000Z',
    });
  });

  it('archives and restores on an update that says so, and leaves it as it is otherwise; a create never archives', () => {
    const machine = created();
    expect(toMachine(machine).archived).toBe(false);
    expect(newMachine({ accountId: 1, userId: 1 }, { name: 'X', year: 2020, make: 'A', model: 'B', archived: true } as never, new Date()).archived).toBe(false);

    applyMachineChanges(machine, { id: 5, archived: true });
    expect(toMachine(machine).archived).toBe(true);
    applyMachineChanges(machine, { id: 5, color: 'Green' });
    applyMachineChanges(machine, { id: 5, archived: null });
    expect(machine).toMatchObject({ archived: true, color: 'Green' });
    applyMachineChanges(machine, { id: 5, archived: false });
    expect(toMachine(machine).archived).toBe(false);
  });

  it('changes only the status on a partial update', () => {
    const machine = created();
    machine.color = 'Yellow';

    applyMachineChanges(machine, { id: 5, status: 'Needs Service' });

    expect(machine).toMatchObject({ status: 'Needs Service', color: 'Yellow', name: 'Excavator', year: 2019 });
  });

  it('clears a value sent as null or blank, and never takes computed fields', () => {
    const machine = created();
    machine.vin = 'ABC';
    machine.color = 'Red';

    applyMachineChanges(machine, { id: 5, vin: null, color: '  ', lastUpdated: '2000-01-01T00:00:00Z', profilePhoto: 99 } as never);

    expect(machine.vin).toBeNull();
    expect(machine.color).toBeNull();
    expect(machine.lastUpdated.toISOString()).toBe('2025-01-01T10:00:00.000Z');
    expect(machine.profilePhotoId).toBeNull();
  });

  it('clears the license expiration date of a permanent license', () => {
    const machine = created();
    applyMachineChanges(machine, { id: 5, licenseExpirationDate: '2026-05-01' });
    expect(machine.licenseExpirationDate).toBe('2026-05-01');

    applyMachineChanges(machine, { id: 5, isPermanentLicense: true });
    expect(machine.licenseExpirationDate).toBeNull();

    applyMachineChanges(machine, { id: 5, licenseExpirationDate: '2027-01-01' });
    expect(machine.licenseExpirationDate).toBeNull();
  });

  it('allows up to 5 gallery photos and refuses an upload that would exceed them', () => {
    expect(() => assertGalleryRoom(0, 5)).not.toThrow();
    expect(() => assertGalleryRoom(4, 1)).not.toThrow();
    expect(() => assertGalleryRoom(5, 1)).toThrow("A machine's gallery holds at most 5 photos; it has 5, so at most 0 more can be added.");
    expect(() => assertGalleryRoom(3, 3)).toThrow('it has 3, so at most 2 more can be added');
    expect(() => assertGalleryRoom(0, 6)).toThrow('at most 5 photos');
    expect(() => assertGalleryRoom(2, 0)).toThrow('Select at least one photo to upload');
  });
});
