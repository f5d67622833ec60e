import type { IssueStatus } from '@wrenchlog/contracts';
import { WorkMessages } from '@wrenchlog/contracts';
import { conflict } from '@wrenchlog/platform';
import type { IssueEntity } from './issue.entity.js';

/**
 * The issue's state machine: open -> in_progress (on a work order) -> resolved (by the order, or
 * by hand with a note); open -> closed (won't fix, with a reason). Resolving a closed issue, closing
 * a resolved one, or either twice is a 409 with the reason in words.
 */
export function checkResolve(issue: Pick<IssueEntity, 'status' | 'workOrderId'>): void {
  if (issue.status === 'closed') {
    throw conflict(WorkMessages.resolveClosed);
  }
  if (issue.status === 'resolved') {
    throw conflict(WorkMessages.resolveResolved);
  }
  if (issue.status === 'in_progress' && issue.workOrderId !== null) {
    throw conflict(WorkMessages.issueOnOrder);
  }
}

export function checkClose(issue: Pick<IssueEntity, 'status' | 'workOrderId'>): void {
  if (issue.status === 'resolved') {
    throw conflict(WorkMessages.closeResolved);
  }
  if (issue.status === 'closed') {
    throw conflict(WorkMessages.closeClosed);
  }
  if (issue.status === 'in_progress' && issue.workOrderId !== null) {
    throw conflict(WorkMessages.issueOnOrder);
  }
}

/** Whether a work order may take the issue: only an open one, on no other order. */
export const takeable = (issue: Pick<IssueEntity, 'status' | 'workOrderId'>, orderId: number | null): boolean =>
  issue.status === 'open' || (issue.status === 'in_progress' && issue.workOrderId === orderId && orderId !== null);

/** Splits "open,in_progress" into its statuses (the DTO checked the words). */
export const listOf = <T extends string>(text: string | undefined): T[] =>
  text
    ? text
        .split(',')
        .map((s) => s.trim() as T)
        .filter(Boolean)
    : [];

export const OPEN_STATUSES: IssueStatus[] = ['open', 'in_progress'];
