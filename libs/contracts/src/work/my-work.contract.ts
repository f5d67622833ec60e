import type { AccountRole } from '../account/account.limits.js';
import type { WorkOrderTotals } from './work-order.contract.js';
import type { IssuePriority, WorkOrderState } from './work.limits.js';

// Producer: gateway (GET /api/my-work). Consumer: work-order-service (issue 35, the mechanic's portal).
export const MY_WORK_LIST = 'work.myWork.list' as const;

/** The states of an order that is still work to do. */
export const MY_WORK_STATES = ['open', 'in_progress', 'waiting_for_parts'] as const satisfies readonly WorkOrderState[];
export type MyWorkState = (typeof MY_WORK_STATES)[number];

/** The most orders one answer lists (the earliest planned first); `truncated` says when there were more. */
export const MY_WORK_MAX = 500;

/** The account an order of the portal belongs to, and the caller's role there (what they may do with it). */
export interface MyWorkAccount {
  id: number;
  /** Null while user-service cannot answer (the order is listed all the same). */
  name: string | null;
  role: AccountRole;
}

/** One open order assigned to the caller, in any of their accounts. */
export interface MyWorkItem {
  id: number;
  account: MyWorkAccount;
  machineId: number;
  machineName: string | null;
  title: string;
  state: MyWorkState;
  priority: IssuePriority;
  plannedDate: string | null;
  /** The planned date is before today in the caller's time zone for that account. */
  overdue: boolean;
  /** Absent where the caller's role in that account lacks money.read. */
  totals?: WorkOrderTotals;
  updatedAt: string;
}

/**
 * GET /api/my-work: overdue first, then by priority (critical first), then by planned date (none
 * last). The accounts are those work-order-service knows the caller as a member of with a role that
 * may read work orders, never a list the caller sends.
 */
export interface MyWork {
  content: MyWorkItem[];
  truncated: boolean;
}

export type MyWorkRequest = Record<string, never>;
