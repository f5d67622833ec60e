import { OPERATOR_EDIT_WINDOW_MS, type Actor } from '@wrenchlog/contracts';
import { forbidden } from '@wrenchlog/platform';
import type { ReadingEntity } from '../meters/reading.entity.js';

// An operator's limits on top of 'meter.write' (issue 32): they add readings, and see and change
// only their own, within OPERATOR_EDIT_WINDOW_MS of adding them. The meter itself (its settings, a
// replacement) is for the roles that look after the machine.

const isOperator = (actor: Actor): boolean => actor.role === 'operator';

/** The member whose readings alone a list shows to this caller (an operator's own), or null for all. */
export const readingsShownOnlyOf = (actor: Actor): number | null => (isOperator(actor) ? actor.userId : null);

/** Whether the caller sees this reading at all (an operator only their own; another's is not found). */
export const seesReading = (actor: Actor, reading: Pick<ReadingEntity, 'createdBy'>): boolean => !isOperator(actor) || reading.createdBy === actor.userId;

/** 403 for an operator changing their reading after the window. */
export function mustStillChange(actor: Actor, reading: Pick<ReadingEntity, 'dateCreated'>, now: Date = new Date()): void {
  if (isOperator(actor) && now.getTime() - reading.dateCreated.getTime() > OPERATOR_EDIT_WINDOW_MS) {
    throw forbidden(`Your role (operator) can change a reading only within ${OPERATOR_EDIT_WINDOW_MS / 3_600_000} hours of adding it`);
  }
}

/** 403 for an operator changing a meter's settings or replacing it. */
export function mustLookAfterMeters(actor: Actor): void {
  if (isOperator(actor)) {
    throw forbidden('Your role (operator) cannot change or replace meters');
  }
}
