import 'reflect-metadata';
import type { ServiceRecordChangedEvent } from '@wrenchlog/contracts';
import { applyMachineChanges, applyServiceChange, assertGalleryRoom, newMachine, toMachine } from './machine-rules.js';
import type { MachineEntity } from './machine.entity.js';

const created = (): MachineEntity => {
  const m = newMachine(1, { name: 'Excavator', year: 2019, make: 'CAT', model: '320' }, new Date('2025-01-01T10:00:00Z'));
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

  describe(applyServiceChange.name, () => {
    const event = (at: string, latestServiceDate: string | null): ServiceRecordChangedEvent => ({
      machineId: 5,
      userId: 1,
      recordId: 9,
      change: 'saved',
      latestServiceDate,
      at,
    });

    it('takes the newest service date and counts the change as an update', () => {
      const machine = created();

      expect(applyServiceChange(machine, event('2025-02-01T08:00:00Z', '2025-01-30'))).toBe(true);

      expect(machine.lastServicedDate).toBe('2025-01-30');
      expect(machine.lastUpdated.toISOString()).toBe('2025-02-01T08:00:00.000Z');
    });

    it('is idempotent and ignores an older event that arrives late', () => {
      const machine = created();
      applyServiceChange(machine, event('2025-02-02T08:00:00Z', '2025-02-02'));
      applyServiceChange(machine, event('2025-02-02T08:00:00Z', '2025-02-02'));

      expect(applyServiceChange(machine, event('2025-02-01T08:00:00Z', '2025-01-15'))).toBe(false);

      expect(machine.lastServicedDate).toBe('2025-02-02');
      expect(machine.lastUpdated.toISOString()).toBe('2025-02-02T08:00:00.000Z');
    });

    it('clears the date when the machine has no service record left', () => {
      const machine = created();
      applyServiceChange(machine, event('2025-02-02T08:00:00Z', '2025-02-02'));

      applyServiceChange(machine, event('2025-02-03T08:00:00Z', null));

      expect(machine.lastServicedDate).toBeNull();
    });
  });
});
