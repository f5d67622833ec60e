import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import type { Audited } from '../account/member.events.js';
import { MAX_ID } from '../ids.js';
import { Trimmed } from '../input.js';
import { IsRealDate } from '../schedule/meter.contract.js';
import {
  INSPECTION_FREQUENCIES,
  INSPECTION_ITEM_KINDS,
  INSPECTION_RESULTS,
  InspectionLimits,
  InspectionMessages,
  type InspectionFrequency,
  type InspectionItemKind,
  type InspectionResult,
} from './inspection.limits.js';
import type { Issue } from './issue.contract.js';
import { CompletionMeters } from './work-order.contract.js';

// Producer: gateway. Consumer: work-order-service (issue 35's inspections).
export const INSPECTION_FORM_LIST = 'work.inspectionForm.list' as const;
export const INSPECTION_FORM_GET = 'work.inspectionForm.get' as const;
export const INSPECTION_FORM_CREATE = 'work.inspectionForm.create' as const;
export const INSPECTION_FORM_UPDATE = 'work.inspectionForm.update' as const;
export const INSPECTION_FORM_DELETE = 'work.inspectionForm.delete' as const;
export const INSPECTION_CREATE = 'work.inspection.create' as const;
export const INSPECTION_BY_MACHINE = 'work.inspection.byMachine' as const;
export const INSPECTION_GET = 'work.inspection.get' as const;
export const INSPECTION_DUE = 'work.inspection.due' as const;

const Num = (message: string) => IsNumber({ allowNaN: false, allowInfinity: false }, { message });

/** One line of a checklist. */
export class InspectionItemInput {
  @IsString({ message: InspectionMessages.itemId })
  @Matches(/^[A-Za-z0-9_-]{1,40}$/, { message: InspectionMessages.itemId })
  id!: string;

  @IsString({ message: InspectionMessages.label })
  @Trimmed()
  @IsNotEmpty({ message: InspectionMessages.label })
  @MaxLength(InspectionLimits.label, { message: InspectionMessages.label })
  label!: string;

  @IsIn(INSPECTION_ITEM_KINDS, { message: InspectionMessages.kind })
  kind!: InspectionItemKind;

  @IsBoolean({ message: InspectionMessages.required })
  required!: boolean;

  @IsOptional()
  @Num(InspectionMessages.range)
  @Min(-InspectionLimits.value, { message: InspectionMessages.range })
  @Max(InspectionLimits.value, { message: InspectionMessages.range })
  min?: number | null;

  @IsOptional()
  @Num(InspectionMessages.range)
  @Min(-InspectionLimits.value, { message: InspectionMessages.range })
  @Max(InspectionLimits.value, { message: InspectionMessages.range })
  max?: number | null;
}
export type InspectionItem = Pick<InspectionItemInput, 'id' | 'label' | 'kind' | 'required'> & { min: number | null; max: number | null };

/** POST /api/inspection-forms and PUT /api/inspection-forms/{id}. Cross-item rules (min > max, unique ids) are the service's. */
export class InspectionFormInput {
  @IsString({ message: InspectionMessages.name })
  @Trimmed()
  @IsNotEmpty({ message: InspectionMessages.name })
  @MaxLength(InspectionLimits.name, { message: InspectionMessages.name })
  name!: string;

  @IsOptional()
  @IsString({ message: InspectionMessages.machineType })
  @MaxLength(InspectionLimits.machineType, { message: InspectionMessages.machineType })
  machineType?: string | null;

  @IsOptional()
  @IsIn(INSPECTION_FREQUENCIES, { message: InspectionMessages.frequency })
  frequency?: InspectionFrequency | null;

  @IsArray({ message: InspectionMessages.items })
  @ArrayMinSize(1, { message: InspectionMessages.items })
  @ArrayMaxSize(InspectionLimits.items, { message: InspectionMessages.items })
  @ValidateNested({ each: true })
  @Type(() => InspectionItemInput)
  items!: InspectionItemInput[];
}

/** A checklist: the account's own, or a built-in one (readable by every account, not editable). */
export interface InspectionForm extends Audited {
  id: number;
  name: string;
  machineType: string | null;
  frequency: InspectionFrequency | null;
  builtIn: boolean;
  items: InspectionItem[];
  createdAt: string;
  updatedAt: string;
}

/** One answer of an inspection. */
export class InspectionAnswerInput {
  @IsString({ message: InspectionMessages.unknownItem })
  @MaxLength(InspectionLimits.itemId, { message: InspectionMessages.unknownItem })
  itemId!: string;

  @IsIn(INSPECTION_RESULTS, { message: InspectionMessages.result })
  result!: InspectionResult;

  @IsOptional()
  @IsString({ message: InspectionMessages.note })
  @MaxLength(InspectionLimits.note, { message: InspectionMessages.note })
  note?: string | null;

  @IsOptional()
  @Num(InspectionMessages.value)
  @Min(-InspectionLimits.value, { message: InspectionMessages.value })
  @Max(InspectionLimits.value, { message: InspectionMessages.value })
  value?: number | null;
}

/** POST /api/machines/{id}/inspections. */
export class InspectionInput {
  @IsDefined({ message: InspectionMessages.formId })
  @IsInt({ message: InspectionMessages.formId })
  @Min(1, { message: InspectionMessages.formId })
  @Max(MAX_ID, { message: InspectionMessages.formId })
  formId!: number;

  @IsDefined({ message: InspectionMessages.readAt })
  @IsRealDate(InspectionMessages.readAt)
  readAt!: string;

  @IsOptional()
  @IsObject({ message: InspectionMessages.meters })
  @ValidateNested()
  @Type(() => CompletionMeters)
  meters?: CompletionMeters | null;

  @IsArray({ message: InspectionMessages.results })
  @ArrayMaxSize(InspectionLimits.items, { message: InspectionMessages.results })
  @ValidateNested({ each: true })
  @Type(() => InspectionAnswerInput)
  items!: InspectionAnswerInput[];

  @IsOptional()
  @IsString({ message: InspectionMessages.signedBy })
  @Trimmed()
  @MaxLength(InspectionLimits.signedBy, { message: InspectionMessages.signedBy })
  signedBy?: string | null;
}

/** An answered item, with its form line as it was when inspected (a later form change leaves it). */
export interface InspectionAnswer {
  itemId: string;
  label: string;
  kind: InspectionItemKind;
  required: boolean;
  min: number | null;
  max: number | null;
  result: InspectionResult;
  note: string | null;
  value: number | null;
  /** Failed by hand, or a number outside its range (which fails by itself). */
  failed: boolean;
}

export interface Inspection extends Audited {
  id: number;
  machineId: number;
  machineName: string | null;
  formId: number;
  formName: string;
  readAt: string;
  meters: { distance: number | null; hours: number | null } | null;
  items: InspectionAnswer[];
  failedCount: number;
  signedBy: string | null;
  /** The issues its failed items opened (one per failed item). */
  issueIds: number[];
  createdAt: string;
}

/** The 201 answer: the inspection and the issues it opened. */
export interface InspectionCreated extends Inspection {
  issues: Issue[];
}

/** A row of GET /api/machines/{id}/inspections. */
export type InspectionSummary = Omit<Inspection, 'items'>;

/** A machine whose daily or weekly inspection is due (GET /api/inspections/due). */
export interface InspectionDue {
  machineId: number;
  machineName: string | null;
  formId: number;
  formName: string;
  frequency: InspectionFrequency;
  /** The last inspection's date (YYYY-MM-DD) with that form on that machine. */
  lastReadAt: string;
  /** The day it is due (YYYY-MM-DD): the day after, or a week after, the last one. */
  dueOn: string;
}

export interface FormIdRequest {
  id: number;
}
export interface CreateFormRequest {
  form: InspectionFormInput;
}
export interface UpdateFormRequest {
  id: number;
  form: InspectionFormInput;
}
export interface CreateInspectionRequest {
  machineId: number;
  inspection: InspectionInput;
}
export interface MachineInspectionsRequest {
  machineId: number;
}
export interface InspectionIdRequest {
  id: number;
}
export interface FormDeleted {
  id: number;
}
