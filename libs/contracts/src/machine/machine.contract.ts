import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  registerDecorator,
  type ValidationOptions,
} from 'class-validator';
import type { Audited } from '../account/member.events.js';
import type { ImageKeysView, StoredImageRef } from '../image/image.contract.js';
import { isDateOnly, toDateOnly } from './machine-dates.js';
import { MACHINE_GALLERY_LIMIT, MACHINE_LIMITS, MACHINE_MESSAGES, MACHINE_TEXT_LIMITS, machineTextTooLong, maxModelYear } from './machine.limits.js';
import { EmptyIsMissing, IsDecimal, Trimmed } from '../input.js';
import { MAX_ID } from '../ids.js';

// Producer: gateway. Consumer: machine-service.
/** GET /api/machines/all */
export const MACHINE_LIST = 'machine.machine.list' as const;
/** GET /api/machines/recentlyserviced */
export const MACHINE_RECENT = 'machine.machine.recent' as const;
/** GET /api/machines/?machineId={id} */
export const MACHINE_GET = 'machine.machine.get' as const;
/** POST /api/machines/create */
export const MACHINE_CREATE = 'machine.machine.create' as const;
/** PUT /api/machines/update */
export const MACHINE_UPDATE = 'machine.machine.update' as const;
/** DELETE /api/machines/{id} */
export const MACHINE_DELETE = 'machine.machine.delete' as const;
/** GET, POST, DELETE /api/machines/{id}/profile-photo */
export const MACHINE_PROFILE_PHOTO_GET = 'machine.profile-photo.get' as const;
export const MACHINE_PROFILE_PHOTO_SET = 'machine.profile-photo.set' as const;
export const MACHINE_PROFILE_PHOTO_DELETE = 'machine.profile-photo.delete' as const;
/** GET, POST, DELETE /api/machines/{id}/gallery */
export const MACHINE_GALLERY_LIST = 'machine.gallery.list' as const;
export const MACHINE_GALLERY_ADD = 'machine.gallery.add' as const;
export const MACHINE_GALLERY_DELETE = 'machine.gallery.delete' as const;

export const galleryLimitMessage = (current: number) =>
  `A machine's gallery holds at most ${MACHINE_GALLERY_LIMIT} photos; it has ${current}, so at most ${Math.max(0, MACHINE_GALLERY_LIMIT - current)} more can be added.`;

export const MACHINE_NOT_FOUND = 'Machine not found';
export const INVALID_MACHINE_ID = 'Invalid machine ID';

/** A YYYY-MM-DD date (after toDateOnly has read a full timestamp as the date the client meant). */
function IsMachineDate(options?: ValidationOptions) {
  return (target: object, property: string) =>
    registerDecorator({
      name: 'isMachineDate',
      target: target.constructor,
      propertyName: property,
      options: { message: `${property} must be a date (YYYY-MM-DD)`, ...options },
      validator: { validate: (value: unknown) => value === null || value === undefined || isDateOnly(value) },
    });
}

/** A model year no later than next year, by the clock at validation time (a fixed @Max would go stale). */
function NotAfterNextYear() {
  return (target: object, property: string) =>
    registerDecorator({
      name: 'notAfterNextYear',
      target: target.constructor,
      propertyName: property,
      options: { message: () => MACHINE_MESSAGES.yearMax() },
      validator: { validate: (value: unknown) => typeof value !== 'number' || value <= maxModelYear() },
    });
}

const DateOnly = () => Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => toDateOnly(obj[key]));
/** '' and null mean "no value" for optional numbers (implicit conversion would make '' a 0). */
const EmptyIsNull = () =>
  Transform(({ value, obj, key }: { value: unknown; obj: Record<string, unknown>; key: string }) => (obj[key] === '' || obj[key] === null ? null : value));

const text = ({ max, label }: { max: number; label: string }) => [
  IsOptional(),
  IsString({ message: `${label} must be text` }),
  MaxLength(max, { message: machineTextTooLong({ max, label }) }),
];
function OptionalText(limit: { max: number; label: string }) {
  return (target: object, property: string) => {
    for (const d of text(limit)) {
      d(target, property);
    }
    Trimmed()(target, property);
  };
}

/** Optional fields of a machine, shared by create and update. Absent means unchanged on update; null clears. */
export class MachineOptionalFields {
  @OptionalText(MACHINE_TEXT_LIMITS.submodel) submodel?: string | null;
  @OptionalText(MACHINE_TEXT_LIMITS.vin) vin?: string | null;
  /** A serial number or PIN, for machines that have one instead of (or besides) a VIN. */
  @OptionalText(MACHINE_TEXT_LIMITS.serialNumber) serialNumber?: string | null;
  @OptionalText(MACHINE_TEXT_LIMITS.color) color?: string | null;
  @OptionalText(MACHINE_TEXT_LIMITS.description) description?: string | null;
  @OptionalText(MACHINE_TEXT_LIMITS.status) status?: string | null;
  @OptionalText(MACHINE_TEXT_LIMITS.type) type?: string | null;
  @OptionalText(MACHINE_TEXT_LIMITS.license) license?: string | null;
  @OptionalText(MACHINE_TEXT_LIMITS.insuranceProvider) insuranceProvider?: string | null;
  @OptionalText(MACHINE_TEXT_LIMITS.policyNumber) policyNumber?: string | null;

  @IsOptional() @DateOnly() @IsMachineDate() purchasedDate?: string | null;
  @IsOptional() @DateOnly() @IsMachineDate() lastServicedDate?: string | null;
  @IsOptional() @DateOnly() @IsMachineDate() licenseExpirationDate?: string | null;
  @IsOptional() @DateOnly() @IsMachineDate() insuranceExpirationDate?: string | null;

  @IsOptional()
  @EmptyIsNull()
  @IsInt({ message: MACHINE_MESSAGES.milesWhole })
  @Min(MACHINE_LIMITS.miles.min, { message: MACHINE_MESSAGES.milesMin })
  @Max(MACHINE_LIMITS.miles.max, { message: MACHINE_MESSAGES.milesMax })
  miles?: number | null;

  @IsOptional()
  @EmptyIsNull()
  @IsDecimal(1, { message: MACHINE_MESSAGES.hoursNumber })
  @Min(MACHINE_LIMITS.hours.min, { message: MACHINE_MESSAGES.hoursMin })
  @Max(MACHINE_LIMITS.hours.max, { message: MACHINE_MESSAGES.hoursMax })
  hours?: number | null;

  @IsOptional() @IsBoolean({ message: 'isPermanentLicense must be true or false' }) isPermanentLicense?: boolean | null;
}

/** POST /api/machines/create: name, year, make and model (spec doc 2 section 5), optionally any other field. */
export class CreateMachineRequest extends MachineOptionalFields {
  @Trimmed()
  @EmptyIsMissing()
  @IsDefined({ message: 'Name is required' })
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(MACHINE_TEXT_LIMITS.name.max, { message: machineTextTooLong(MACHINE_TEXT_LIMITS.name) })
  name!: string;

  @EmptyIsMissing()
  @IsDefined({ message: MACHINE_MESSAGES.yearRequired })
  @IsInt({ message: MACHINE_MESSAGES.yearNumber })
  @Min(MACHINE_LIMITS.year.min, { message: MACHINE_MESSAGES.yearMin })
  @NotAfterNextYear()
  year!: number;

  @Trimmed()
  @EmptyIsMissing()
  @IsDefined({ message: 'Make is required' })
  @IsString({ message: 'Make is required' })
  @IsNotEmpty({ message: 'Make is required' })
  @MaxLength(MACHINE_TEXT_LIMITS.make.max, { message: machineTextTooLong(MACHINE_TEXT_LIMITS.make) })
  make!: string;

  @Trimmed()
  @EmptyIsMissing()
  @IsDefined({ message: 'Model is required' })
  @IsString({ message: 'Model is required' })
  @IsNotEmpty({ message: 'Model is required' })
  @MaxLength(MACHINE_TEXT_LIMITS.model.max, { message: machineTextTooLong(MACHINE_TEXT_LIMITS.model) })
  model!: string;
}

/**
 * PUT /api/machines/update: the whole machine as a read returned it, or a partial {id, status}.
 * Absent fields stay as they are; computed fields (lastUpdated, profilePhoto) are ignored.
 */
export class UpdateMachineRequest extends MachineOptionalFields {
  @IsDefined({ message: INVALID_MACHINE_ID })
  @IsInt({ message: INVALID_MACHINE_ID })
  @Min(1, { message: INVALID_MACHINE_ID })
  @Max(MAX_ID, { message: INVALID_MACHINE_ID })
  id!: number;

  @ValidateIf((o: UpdateMachineRequest) => o.name !== undefined)
  @Trimmed()
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(MACHINE_TEXT_LIMITS.name.max, { message: machineTextTooLong(MACHINE_TEXT_LIMITS.name) })
  name?: string;

  @ValidateIf((o: UpdateMachineRequest) => o.year !== undefined)
  @IsInt({ message: MACHINE_MESSAGES.yearNumber })
  @Min(MACHINE_LIMITS.year.min, { message: MACHINE_MESSAGES.yearMin })
  @NotAfterNextYear()
  year?: number;

  @ValidateIf((o: UpdateMachineRequest) => o.make !== undefined)
  @Trimmed()
  @IsString({ message: 'Make is required' })
  @IsNotEmpty({ message: 'Make is required' })
  @MaxLength(MACHINE_TEXT_LIMITS.make.max, { message: machineTextTooLong(MACHINE_TEXT_LIMITS.make) })
  make?: string;

  @ValidateIf((o: UpdateMachineRequest) => o.model !== undefined)
  @Trimmed()
  @IsString({ message: 'Model is required' })
  @IsNotEmpty({ message: 'Model is required' })
  @MaxLength(MACHINE_TEXT_LIMITS.model.max, { message: machineTextTooLong(MACHINE_TEXT_LIMITS.model) })
  model?: string;

  /** true archives (out of the lists, history kept), false restores; absent or null leaves it. */
  @IsOptional()
  @IsBoolean({ message: 'Archived must be true or false' })
  archived?: boolean | null;
}

/** GET /api/machines/all?archived=true lists the archived machines; without it (or false), the others. */
export interface MachineListRequest {
  archived?: boolean;
}

/** A list row (dashboard, browse, recently serviced). lastUpdated is an ISO 8601 instant. */
export interface MachineListItem {
  id: number;
  name: string;
  type: string | null;
  status: string | null;
  lastUpdated: string;
  lastServicedDate: string | null;
}

/** The full machine (spec doc 2 section 3). Dates are YYYY-MM-DD; profilePhoto is the photo id. */
export interface Machine {
  id: number;
  name: string;
  year: number;
  make: string;
  model: string;
  submodel: string | null;
  vin: string | null;
  /** A serial number or PIN (issue 33); null when none was entered. */
  serialNumber: string | null;
  color: string | null;
  description: string | null;
  status: string | null;
  type: string | null;
  purchasedDate: string | null;
  lastServicedDate: string | null;
  miles: number | null;
  hours: number | null;
  license: string | null;
  licenseExpirationDate: string | null;
  isPermanentLicense: boolean;
  insuranceProvider: string | null;
  policyNumber: string | null;
  insuranceExpirationDate: string | null;
  profilePhoto: number | null;
  lastUpdated: string;
  /** Archived machines leave the lists and pickers and keep their history (issue 18). */
  archived: boolean;
}

/**
 * A machine as machine-service answers it (issue 32): with who created it and who last changed it.
 * `Machine` stays the shape of the fields (the data export and a restore read those only).
 */
export type MachineView = Machine & Audited;

/** A list row with who created and last changed the machine (issue 32). */
export type MachineListView = MachineListItem & Audited;

export interface MachineIdRequest {
  id: number;
}
export interface MachinePhotoRequest {
  machineId: number;
}
export interface MachinePhotoSetRequest {
  machineId: number;
  image: StoredImageRef;
}
export interface MachineGalleryAddRequest {
  machineId: number;
  images: StoredImageRef[];
}
export interface MachineGalleryDeleteRequest {
  machineId: number;
  photoIds: number[];
}
export interface DeletedReply {
  deleted: number;
}

/** A machine photo as machine-service answers it (keys); the gateway answers {id, thumbnailUrl, originalUrl, state, error}. */
export type MachinePhotoKeys = ImageKeysView;
