import {
  type Actor,
  galleryLimitMessage,
  MACHINE_GALLERY_LIMIT,
  INVALID_MACHINE_ID,
  MACHINE_NOT_FOUND,
  type CreateMachineRequest,
  type Machine,
  type MachineListItem,
  type UpdateMachineRequest,
} from '@wrenchlog/contracts';
import { badRequest, notFound, requireId, type MachineAssignment } from '@wrenchlog/platform';
import type { MachineEntity } from './machine.entity.js';

// The machine's rules, free of the database so they are tested on their own.

/** A machine id from a message, or 400, through the one id parser (issue 19). */
export const machineId = (value: unknown): number => requireId(value, INVALID_MACHINE_ID);

/**
 * The caller's machine as a repository found it, or 404: also when it is another account's, or
 * (issue 32) one the caller is not assigned to (`visible`, null for all): never reveal that it exists.
 */
export function ownedOr404<T extends { id: number }>(machine: T | null, visible: MachineAssignment = null): T {
  if (!machine || !maySee(visible, machine.id)) {
    throw notFound(MACHINE_NOT_FOUND);
  }
  return machine;
}

/** Whether a member with this assignment (null: every machine of the account) sees the machine. */
export const maySee = (visible: MachineAssignment, machineId: number): boolean => visible === null || visible.has(machineId);

/** Fields a create or update may set; anything else in a request (id, lastUpdated, profilePhoto) is never taken. */
const EDITABLE = [
  'name',
  'year',
  'make',
  'model',
  'submodel',
  'vin',
  'serialNumber',
  'color',
  'description',
  'status',
  'type',
  'purchasedDate',
  'lastServicedDate',
  'miles',
  'hours',
  'license',
  'licenseExpirationDate',
  'isPermanentLicense',
  'insuranceProvider',
  'policyNumber',
  'insuranceExpirationDate',
  'archived',
] as const satisfies readonly (keyof MachineEntity & keyof UpdateMachineRequest)[];

/** Nullable text: an empty string is no value. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * Applies a create or update: fields that are present are set (null clears), absent fields stay,
 * so a partial {id, status} changes only the status. A permanent license has no expiration date.
 */
export function applyMachineChanges(machine: MachineEntity, changes: Partial<CreateMachineRequest | UpdateMachineRequest>): void {
  const target = machine as unknown as Record<string, unknown>;
  const source = changes as Record<string, unknown>;
  for (const field of EDITABLE) {
    if (source[field] === undefined) {
      continue;
    }
    if (field === 'name' || field === 'year' || field === 'make' || field === 'model') {
      if (source[field] !== null) {
        target[field] = source[field];
      }
      continue;
    }
    if (field === 'archived') {
      // Only a create never archives (CreateMachineRequest has no such field); null leaves it as it is.
      if (typeof source[field] === 'boolean') {
        target[field] = source[field];
      }
      continue;
    }
    if (field === 'isPermanentLicense') {
      target[field] = source[field] === true;
      continue;
    }
    target[field] = blankToNull(source[field]);
  }
  if (machine.isPermanentLicense) {
    machine.licenseExpirationDate = null;
  }
}

/**
 * A new machine of the actor's account, created by the actor (for an import, its creator), with its
 * defaults: status Good until someone picks another.
 */
export function newMachine(actor: Pick<Actor, 'accountId' | 'userId'>, request: CreateMachineRequest, now: Date): MachineEntity {
  const machine = {
    accountId: actor.accountId,
    createdBy: actor.userId,
    updatedBy: null,
    status: 'Good',
    type: null,
    submodel: null,
    vin: null,
    serialNumber: null,
    color: null,
    description: null,
    purchasedDate: null,
    lastServicedDate: null,
    miles: null,
    hours: null,
    license: null,
    licenseExpirationDate: null,
    isPermanentLicense: false,
    insuranceProvider: null,
    policyNumber: null,
    insuranceExpirationDate: null,
    profilePhotoId: null,
    serviceStateAt: null,
    metersAt: null,
    lastUpdated: now,
    createdAt: now,
    idempotencyKey: null,
    archived: false,
  } as MachineEntity;
  applyMachineChanges(machine, request);
  machine.archived = false;
  return machine;
}

/** Refuses an upload that would take the gallery past 5 photos (nothing of it is kept). */
export function assertGalleryRoom(current: number, adding: number): void {
  if (adding < 1) {
    throw badRequest('Select at least one photo to upload');
  }
  if (current + adding > MACHINE_GALLERY_LIMIT) {
    throw badRequest(galleryLimitMessage(current));
  }
}

export function toMachine(m: MachineEntity): Machine {
  return {
    id: m.id,
    name: m.name,
    year: m.year,
    make: m.make,
    model: m.model,
    submodel: m.submodel,
    vin: m.vin,
    serialNumber: m.serialNumber ?? null,
    color: m.color,
    description: m.description,
    status: m.status,
    type: m.type,
    purchasedDate: m.purchasedDate,
    lastServicedDate: m.lastServicedDate,
    miles: m.miles,
    hours: m.hours,
    license: m.license,
    licenseExpirationDate: m.licenseExpirationDate,
    isPermanentLicense: !!m.isPermanentLicense,
    insuranceProvider: m.insuranceProvider,
    policyNumber: m.policyNumber,
    insuranceExpirationDate: m.insuranceExpirationDate,
    profilePhoto: m.profilePhotoId,
    lastUpdated: m.lastUpdated.toISOString(),
    archived: !!m.archived,
  };
}

export function toListItem(m: Pick<MachineEntity, 'id' | 'name' | 'type' | 'status' | 'lastUpdated' | 'lastServicedDate'>): MachineListItem {
  return { id: m.id, name: m.name, type: m.type, status: m.status, lastUpdated: m.lastUpdated.toISOString(), lastServicedDate: m.lastServicedDate };
}
