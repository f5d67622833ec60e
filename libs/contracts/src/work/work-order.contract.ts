import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
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
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { Audited, MemberRef } from '../account/member.events.js';
import { MAX_ID } from '../ids.js';
import { IsDecimal, OmittableNotNull, QueryInt, Trimmed } from '../input.js';
import { PageQuery, type Page } from '../paging.js';
import { IsRealDate } from '../schedule/meter.contract.js';
import {
  ISSUE_PRIORITIES,
  WORK_ORDER_LINE_KINDS,
  WorkLimits,
  WorkMessages,
  type IssuePriority,
  type WorkOrderLineKind,
  type WorkOrderState,
} from './work.limits.js';
import { JobTemplateLimits, JobTemplateMessages } from './job-template.limits.js';

// Producer: gateway. Consumer: work-order-service (issue 35).
export const WORK_ORDER_CREATE = 'work.order.create' as const;
export const WORK_ORDER_LIST = 'work.order.list' as const;
export const WORK_ORDER_GET = 'work.order.get' as const;
export const WORK_ORDER_UPDATE = 'work.order.update' as const;
export const WORK_ORDER_DELETE = 'work.order.delete' as const;
export const WORK_ORDER_LINE_ADD = 'work.line.add' as const;
export const WORK_ORDER_LINE_UPDATE = 'work.line.update' as const;
export const WORK_ORDER_LINE_DELETE = 'work.line.delete' as const;
export const WORK_ORDER_COMPLETE = 'work.order.complete' as const;
export const WORK_ORDER_REOPEN = 'work.order.reopen' as const;

/** A line of a work order; `rate`, `unitPrice`, `cost` and `amount` are absent for a role without money. */
export interface WorkOrderLine {
  id: number;
  kind: WorkOrderLineKind;
  hours: number | null;
  rate?: number | null;
  userId: number | null;
  /** The labour line's person by name (in the order's reads; null while unknown). */
  userName?: string | null;
  partId: number | null;
  partName: string | null;
  quantity: number | null;
  unitPrice?: number | null;
  description: string | null;
  cost?: number | null;
  /** hours x rate, quantity x unit price, or the cost. */
  amount?: number;
}

export interface WorkOrderTotals {
  labour: number;
  parts: number;
  other: number;
  total: number;
}

/** A work order as every read answers it (the board's card and the order's page alike). */
export interface WorkOrder extends Audited {
  id: number;
  machineId: number;
  machineName: string | null;
  title: string;
  state: WorkOrderState;
  priority: IssuePriority;
  assignee: MemberRef | null;
  vendorSupplierId: number | null;
  plannedDate: string | null;
  notes: string | null;
  scheduleIds: number[];
  issueIds: number[];
  lines: WorkOrderLine[];
  /** The checklist (from its job templates, or written on the order), ticked as the work is done. */
  steps: WorkOrderStep[];
  /** Absent for a role without money. */
  totals?: WorkOrderTotals;
  serviceRecordId: number | null;
  completedAt: string | null;
  completionMeters: { distance: number | null; hours: number | null } | null;
  createdAt: string;
  updatedAt: string;
}
export type WorkOrderPage = Page<WorkOrder>;

export interface WorkOrderStep {
  text: string;
  done: boolean;
}

const Id = (message: string) => [IsInt({ message }), Min(1, { message }), Max(MAX_ID, { message })];
const apply =
  (...decorators: PropertyDecorator[]) =>
  (target: object, key: string | symbol) => {
    for (const d of decorators) {
      d(target, key);
    }
  };

/** One step of an order's checklist. */
export class WorkOrderStepInput {
  @IsString({ message: JobTemplateMessages.step })
  @Trimmed()
  @IsNotEmpty({ message: JobTemplateMessages.step })
  @MaxLength(JobTemplateLimits.step, { message: JobTemplateMessages.step })
  text!: string;

  @IsBoolean({ message: 'Done must be true or false' })
  done!: boolean;
}

/** The fields of an order a user sets (POST and PUT). */
class WorkOrderFields {
  @IsOptional()
  @IsArray({ message: WorkMessages.scheduleIds })
  @ArrayMaxSize(WorkLimits.links, { message: WorkMessages.scheduleIds })
  @IsInt({ each: true, message: WorkMessages.scheduleIds })
  @Min(1, { each: true, message: WorkMessages.scheduleIds })
  @Max(MAX_ID, { each: true, message: WorkMessages.scheduleIds })
  scheduleIds?: number[];

  @IsOptional()
  @IsArray({ message: WorkMessages.issueIds })
  @ArrayMaxSize(WorkLimits.links, { message: WorkMessages.issueIds })
  @IsInt({ each: true, message: WorkMessages.issueIds })
  @Min(1, { each: true, message: WorkMessages.issueIds })
  @Max(MAX_ID, { each: true, message: WorkMessages.issueIds })
  issueIds?: number[];

  @IsOptional()
  @apply(...Id(WorkMessages.assignee))
  assigneeUserId?: number | null;

  @IsOptional()
  @apply(...Id('Invalid supplier ID'))
  vendorSupplierId?: number | null;

  @IsOptional()
  @IsIn(ISSUE_PRIORITIES, { message: WorkMessages.priority })
  priority?: IssuePriority;

  @IsOptional()
  @IsRealDate(WorkMessages.plannedDate)
  plannedDate?: string | null;

  @IsOptional()
  @IsString({ message: WorkMessages.note })
  @MaxLength(WorkLimits.description, { message: WorkMessages.description })
  notes?: string | null;

  /** The whole checklist (ticking a step sends them all back); on POST, a template's steps follow these. */
  @OmittableNotNull()
  @IsArray({ message: JobTemplateMessages.steps })
  @ArrayMaxSize(JobTemplateLimits.steps, { message: JobTemplateMessages.steps })
  @ValidateNested({ each: true })
  @Type(() => WorkOrderStepInput)
  steps?: WorkOrderStepInput[];
}

/** POST /api/work-orders. */
export class WorkOrderInput extends WorkOrderFields {
  @IsDefined({ message: WorkMessages.invalidMachineId })
  @apply(...Id(WorkMessages.invalidMachineId))
  machineId!: number;

  @IsString({ message: WorkMessages.title })
  @Trimmed()
  @IsNotEmpty({ message: WorkMessages.title })
  @MaxLength(WorkLimits.title, { message: WorkMessages.titleLength })
  title!: string;

  /** A job template the order starts with: its lines (parts reserved) and its steps. */
  @IsOptional()
  @apply(...Id(JobTemplateMessages.templateId))
  templateId?: number | null;
}

/** PUT /api/work-orders/{id}: every field optional; the state moves here except to and from done. */
export class WorkOrderUpdateInput extends WorkOrderFields {
  @IsOptional()
  @IsString({ message: WorkMessages.title })
  @Trimmed()
  @IsNotEmpty({ message: WorkMessages.title })
  @MaxLength(WorkLimits.title, { message: WorkMessages.titleLength })
  title?: string;

  @IsOptional()
  @IsIn(['open', 'in_progress', 'waiting_for_parts', 'cancelled'], { message: WorkMessages.stateDone })
  state?: Exclude<WorkOrderState, 'done'>;
}

export class WorkOrderListQuery extends PageQuery {
  @IsOptional()
  @IsString({ message: WorkMessages.state })
  @Matches(/^\s*(open|in_progress|waiting_for_parts|done|cancelled)\s*(,\s*(open|in_progress|waiting_for_parts|done|cancelled)\s*)*$/, {
    message: WorkMessages.state,
  })
  state?: string;

  /** A member's user id, or "me". */
  @IsOptional()
  @IsString({ message: WorkMessages.userId })
  @Matches(/^(me|[1-9][0-9]{0,9})$/, { message: WorkMessages.userId })
  assignee?: string;

  @IsOptional()
  @QueryInt()
  @apply(...Id(WorkMessages.invalidMachineId))
  machineId?: number;
}

const isKind = (kind: WorkOrderLineKind) => (o: { kind?: unknown }) => o.kind === kind;

/** POST /api/work-orders/{id}/lines and PUT .../lines/{lineId}: one of labour, part or other. */
export class WorkOrderLineInput {
  @IsIn(WORK_ORDER_LINE_KINDS, { message: WorkMessages.kind })
  kind!: WorkOrderLineKind;

  @ValidateIf(isKind('labour'))
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: WorkMessages.hours })
  @IsDecimal(2, { message: WorkMessages.hours })
  @Min(0, { message: WorkMessages.hours })
  @Max(WorkLimits.hours, { message: WorkMessages.hours })
  hours?: number;

  @ValidateIf(isKind('labour'))
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: WorkMessages.rate })
  @IsDecimal(2, { message: WorkMessages.rate })
  @Min(0, { message: WorkMessages.rate })
  @Max(WorkLimits.money, { message: WorkMessages.rate })
  rate?: number;

  @ValidateIf((o: { kind?: unknown; userId?: unknown }) => o.kind === 'labour' && o.userId !== undefined && o.userId !== null)
  @apply(...Id(WorkMessages.userId))
  userId?: number | null;

  @ValidateIf(isKind('part'))
  @IsDefined({ message: WorkMessages.partId })
  @apply(...Id(WorkMessages.partId))
  partId?: number;

  @ValidateIf(isKind('part'))
  @IsInt({ message: WorkMessages.quantity })
  @Min(1, { message: WorkMessages.quantity })
  @Max(WorkLimits.quantity, { message: WorkMessages.quantity })
  quantity?: number;

  @ValidateIf(isKind('other'))
  @IsString({ message: 'Description is required' })
  @Trimmed()
  @IsNotEmpty({ message: 'Description is required' })
  @MaxLength(WorkLimits.title, { message: `Description must be at most ${WorkLimits.title} characters` })
  description?: string;

  @ValidateIf(isKind('other'))
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: WorkMessages.cost })
  @IsDecimal(2, { message: WorkMessages.cost })
  @Min(0, { message: WorkMessages.cost })
  @Max(WorkLimits.money, { message: WorkMessages.cost })
  cost?: number;
}

export class CompletionMeters {
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: WorkMessages.meters })
  @Min(0, { message: WorkMessages.meters })
  @Max(999_999_999, { message: WorkMessages.meters })
  distance?: number | null;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: WorkMessages.meters })
  @Min(0, { message: WorkMessages.meters })
  @Max(999_999_999, { message: WorkMessages.meters })
  hours?: number | null;
}

/** POST /api/work-orders/{id}/complete. */
export class CompleteWorkOrderInput {
  @IsRealDate(WorkMessages.completedAt)
  completedAt!: string;

  @IsOptional()
  @IsObject({ message: WorkMessages.meters })
  @ValidateNested()
  @Type(() => CompletionMeters)
  meters?: CompletionMeters;

  /** Take the parts out of stock even when short ("complete with negative stock", recorded on the order). */
  @IsOptional()
  @IsBoolean({ message: 'Allow negative stock must be true or false' })
  allowNegativeStock?: boolean;
}

export interface CreateWorkOrderRequest {
  order: WorkOrderInput;
}
export interface UpdateWorkOrderRequest {
  id: number;
  order: WorkOrderUpdateInput;
}
export interface WorkOrderIdRequest {
  id: number;
}
export interface AddLineRequest {
  id: number;
  line: WorkOrderLineInput;
}
export interface UpdateLineRequest {
  id: number;
  lineId: number;
  line: WorkOrderLineInput;
}
export interface LineIdRequest {
  id: number;
  lineId: number;
}
export interface CompleteWorkOrderRequest extends CompleteWorkOrderInput {
  id: number;
}
export interface WorkOrderDeleted {
  id: number;
}
