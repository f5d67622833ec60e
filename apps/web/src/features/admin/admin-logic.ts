// Pure rules of the Admin tab (spec doc 2 sections 4, 5 and 9): no React, no network.
import type { AdminUserView, JobStatus, JobView } from '@wrenchlog/contracts';
import { ADMIN_USER_PAGE_SIZE, IMAGE_BACKFILL_MAX_LIMIT, isPlaceholderPassword } from '@wrenchlog/contracts/limits';
import { i18n } from '../../core/i18n/i18n';
import './i18n';

const t = i18n.getFixedT(null, 'admin');

/** The Backfill Images job's id (the only job with a parameter). */
export const BACKFILL_JOB_ID = 4;

/** The spec's texts of the user list (doc 2 section 4), in the reader's language. */
export function adminMessage(key: 'loadUsers' | 'updateFailed' | 'approveFailed' | 'updated' | 'approved'): string {
  return t(`messages.${key}`);
}

/**
 * The pages of the user list known so far, for the pager: the list call answers a plain array, so a
 * short page is the last one and a full page may have another after it.
 */
export function userPageCount(pageIndex: number, shown: number): number {
  return pageIndex + (shown >= ADMIN_USER_PAGE_SIZE ? 2 : 1);
}

/**
 * Whether approving must be refused before calling the server: the spec's rule, applied to the
 * password the admin typed. A signup without a password is approved: the user gets an emailed
 * link to set their own (issue 18), so the admin never needs to know it.
 */
export function approvalBlocked(typedPassword = ''): boolean {
  return isPlaceholderPassword(typedPassword);
}

/** 'Enabled' for 1, 'Disabled' for 0. */
export function enabledLabel(enabled: number): string {
  return enabled === 1 ? t('users.enabled') : t('users.disabled');
}

/** A signup still waiting for its first approval: disabled and without a password of its own yet. */
export function isPendingSignup(user: Pick<AdminUserView, 'enabled' | 'passwordIsPlaceholder'>): boolean {
  return user.enabled === 0 && user.passwordIsPlaceholder;
}

/** The failure text of a Run Now whose call or run failed. */
export function jobFailureText(message: string | null | undefined): string {
  return t('jobs.runFailed', { message: message?.trim() || t('jobs.unknownError') });
}

/** A job's status as the server names it ('Running'), in the reader's language. */
export function jobStatusLabel(status: JobStatus): string {
  return status in JOB_STATUS_COLORS ? t(`jobs.statuses.${status}`) : status;
}

export const JOB_STATUS_COLORS: Record<JobStatus, string> = { Idle: 'gray', Running: 'blue', Completed: 'green', Failed: 'red' };

export function anyRunning(jobs: readonly Pick<JobView, 'status'>[] | undefined): boolean {
  return (jobs ?? []).some((j) => j.status === 'Running');
}

/** The limit typed for Backfill Images, or an error text when it is not a whole number from 1 to 1000. */
export function parseLimit(value: string | number): { limit: number; error: null } | { limit: null; error: string } {
  const text = String(value).trim();
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > IMAGE_BACKFILL_MAX_LIMIT) {
    return { limit: null, error: t('jobs.limitInvalid', { max: IMAGE_BACKFILL_MAX_LIMIT }) };
  }
  return { limit: n, error: null };
}
