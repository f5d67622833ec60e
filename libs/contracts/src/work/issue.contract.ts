import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import type { Audited } from '../account/member.events.js';
import type { IssueImage } from './issue-image.contract.js';
import { Trimmed } from '../input.js';
import { PageQuery, type Page } from '../paging.js';
import { QueryInt } from '../input.js';
import { IsInt, Max, Min } from 'class-validator';
import { MAX_ID } from '../ids.js';
import { CompletionMeters } from './work-order.contract.js';
import { ISSUE_PRIORITIES, WorkLimits, WorkMessages, type IssuePriority, type IssueStatus } from './work.limits.js';

// Producer: gateway. Consumer: work-order-service (issue 35).
export const ISSUE_CREATE = 'work.issue.create' as const;
export const ISSUE_BY_MACHINE = 'work.issue.byMachine' as const;
export const ISSUE_LIST = 'work.issue.list' as const;
export const ISSUE_GET = 'work.issue.get' as const;
export const ISSUE_UPDATE = 'work.issue.update' as const;
export const ISSUE_DELETE = 'work.issue.delete' as const;
export const ISSUE_RESOLVE = 'work.issue.resolve' as const;
export const ISSUE_CLOSE = 'work.issue.close' as const;

/** An issue (a problem on a machine) as every read answers it. */
export interface Issue extends Audited {
  id: number;
  machineId: number;
  machineName: string | null;
  title: string;
  description: string | null;
  priority: IssuePriority;
  status: IssueStatus;
  outOfService: boolean;
  /** The machine's meters when it was reported (null: none given). */
  meters?: { distance: number | null; hours: number | null } | null;
  /** The work order it is on (in progress, or resolved by it). */
  workOrderId: number | null;
  inspectionId: number | null;
  /** The note of a resolution by hand, or the work order's. */
  resolutionNote: string | null;
  closeReason: string | null;
  resolvedAt: string | null;
  /** Its photos, first added first (GET /api/issues/{id} and /api/machines/{id}/issues; the other answers leave them out). */
  images?: IssueImage[];
  /** ISO 8601 instants. */
  createdAt: string;
  updatedAt: string;
}
export type IssuePage = Page<Issue>;

/** The meter values at the time of the report (odometer, hour meter), each optional: a completion's rules. */
export class IssueMeters extends CompletionMeters {}

/** POST /api/machines/{id}/issues. */
export class IssueInput {
  @IsString({ message: WorkMessages.title })
  @Trimmed()
  @IsNotEmpty({ message: WorkMessages.title })
  @MaxLength(WorkLimits.title, { message: WorkMessages.titleLength })
  title!: string;

  @IsOptional()
  @IsString({ message: WorkMessages.description })
  @MaxLength(WorkLimits.description, { message: WorkMessages.description })
  description?: string | null;

  @IsIn(ISSUE_PRIORITIES, { message: WorkMessages.priority })
  priority!: IssuePriority;

  @IsOptional()
  @IsBoolean({ message: WorkMessages.outOfService })
  outOfService?: boolean;

  @IsOptional()
  @IsObject({ message: WorkMessages.meters })
  @ValidateNested()
  @Type(() => IssueMeters)
  meters?: IssueMeters | null;
}

/** PUT /api/issues/{id}: the same fields; the status moves only by resolve, close and work orders. */
export class IssueUpdateInput extends IssueInput {}

export class IssueListQuery extends PageQuery {
  @IsOptional()
  @IsString({ message: WorkMessages.status })
  @Matches(/^\s*(open|in_progress|resolved|closed)\s*(,\s*(open|in_progress|resolved|closed)\s*)*$/, { message: WorkMessages.status })
  status?: string;

  @IsOptional()
  @IsString({ message: WorkMessages.priority })
  @Matches(/^\s*(low|medium|high|critical)\s*(,\s*(low|medium|high|critical)\s*)*$/, { message: WorkMessages.priority })
  priority?: string;

  @IsOptional()
  @QueryInt()
  @IsInt({ message: WorkMessages.invalidMachineId })
  @Min(1, { message: WorkMessages.invalidMachineId })
  @Max(MAX_ID, { message: WorkMessages.invalidMachineId })
  machineId?: number;
}

/** POST /api/issues/{id}/resolve. */
export class ResolveIssueInput {
  @IsOptional()
  @IsString({ message: WorkMessages.note })
  @MaxLength(WorkLimits.note, { message: WorkMessages.note })
  note?: string | null;
}

/** POST /api/issues/{id}/close (won't fix). */
export class CloseIssueInput {
  @IsString({ message: WorkMessages.reason })
  @Trimmed()
  @IsNotEmpty({ message: WorkMessages.reason })
  @MaxLength(WorkLimits.note, { message: WorkMessages.note })
  reason!: string;
}

export interface CreateIssueRequest {
  machineId: number;
  issue: IssueInput;
}
export interface UpdateIssueRequest {
  id: number;
  issue: IssueUpdateInput;
}
export interface IssueIdRequest {
  id: number;
}
export interface MachineIssuesRequest {
  machineId: number;
}
export interface ResolveIssueRequest extends ResolveIssueInput {
  id: number;
}
export interface CloseIssueRequest extends CloseIssueInput {
  id: number;
}
export interface IssueDeleted {
  id: number;
}
