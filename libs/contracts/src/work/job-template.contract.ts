import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { Audited } from '../account/member.events.js';
import { MAX_ID } from '../ids.js';
import { IsDecimal, OmittableNotNull, Trimmed } from '../input.js';
import { JobTemplateLimits, JobTemplateMessages } from './job-template.limits.js';
import { WORK_ORDER_LINE_KINDS, WorkLimits, WorkMessages, type WorkOrderLineKind } from './work.limits.js';

// Producer: gateway. Consumer: work-order-service (issue 35's job templates).
export const JOB_TEMPLATE_LIST = 'work.jobTemplate.list' as const;
export const JOB_TEMPLATE_GET = 'work.jobTemplate.get' as const;
export const JOB_TEMPLATE_CREATE = 'work.jobTemplate.create' as const;
export const JOB_TEMPLATE_UPDATE = 'work.jobTemplate.update' as const;
export const JOB_TEMPLATE_DELETE = 'work.jobTemplate.delete' as const;

const isKind = (kind: WorkOrderLineKind) => (o: { kind?: unknown }) => o.kind === kind;
const Money = (message: string) => [
  IsNumber({ allowNaN: false, allowInfinity: false }, { message }),
  IsDecimal(2, { message }),
  Min(0, { message }),
  Max(WorkLimits.money, { message }),
];
const apply =
  (...decorators: ((target: object, key: string) => void)[]) =>
  (target: object, key: string) => {
    for (const d of decorators) {
      d(target, key);
    }
  };

/** One line of a template's kit: labour (hours, an optional rate), a part of the inventory and its quantity, or another cost. */
export class JobTemplateLineInput {
  @IsIn(WORK_ORDER_LINE_KINDS, { message: WorkMessages.kind })
  kind!: WorkOrderLineKind;

  @ValidateIf(isKind('labour'))
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: JobTemplateMessages.hours })
  @IsDecimal(2, { message: JobTemplateMessages.hours })
  @Min(0, { message: JobTemplateMessages.hours })
  @Max(WorkLimits.hours, { message: JobTemplateMessages.hours })
  hours?: number;

  /** Optional: an order made from the template takes 0 when it is not set. */
  @ValidateIf((o: { kind?: unknown; rate?: unknown }) => o.kind === 'labour' && o.rate !== undefined && o.rate !== null)
  @apply(...Money(WorkMessages.rate))
  rate?: number | null;

  @ValidateIf(isKind('part'))
  @IsDefined({ message: WorkMessages.partId })
  @IsInt({ message: WorkMessages.partId })
  @Min(1, { message: WorkMessages.partId })
  @Max(MAX_ID, { message: WorkMessages.partId })
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
  @apply(...Money(WorkMessages.cost))
  cost?: number;
}

/** POST /api/job-templates and PUT /api/job-templates/{id}. */
export class JobTemplateInput {
  @IsString({ message: JobTemplateMessages.name })
  @Trimmed()
  @IsNotEmpty({ message: JobTemplateMessages.name })
  @MaxLength(JobTemplateLimits.name, { message: JobTemplateMessages.name })
  name!: string;

  /** The checklist an order made from it starts with, in order. */
  @OmittableNotNull()
  @IsArray({ message: JobTemplateMessages.steps })
  @ArrayMaxSize(JobTemplateLimits.steps, { message: JobTemplateMessages.steps })
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((s: unknown) => (typeof s === 'string' ? s.trim() : s)) : value))
  @IsString({ each: true, message: JobTemplateMessages.step })
  @IsNotEmpty({ each: true, message: JobTemplateMessages.step })
  @MaxLength(JobTemplateLimits.step, { each: true, message: JobTemplateMessages.step })
  steps?: string[];

  @OmittableNotNull()
  @IsArray({ message: JobTemplateMessages.lines })
  @ArrayMaxSize(JobTemplateLimits.lines, { message: JobTemplateMessages.lines })
  @ValidateNested({ each: true })
  @Type(() => JobTemplateLineInput)
  lines?: JobTemplateLineInput[];
}

/** A line of a template as answered; `rate` and `cost` are absent for a role without money. */
export interface JobTemplateLine {
  kind: WorkOrderLineKind;
  hours: number | null;
  rate?: number | null;
  partId: number | null;
  /** The part's name when the template was saved (an order takes the inventory's name and price then). */
  partName: string | null;
  quantity: number | null;
  description: string | null;
  cost?: number | null;
}

export interface JobTemplate extends Audited {
  id: number;
  name: string;
  steps: string[];
  lines: JobTemplateLine[];
  createdAt: string;
  updatedAt: string;
}

export interface JobTemplateIdRequest {
  id: number;
}
export interface CreateJobTemplateRequest {
  template: JobTemplateInput;
}
export interface UpdateJobTemplateRequest {
  id: number;
  template: JobTemplateInput;
}
export interface JobTemplateDeleted {
  id: number;
}
