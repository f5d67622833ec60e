// Rules shared by the record forms (fuel record, part purchase, service record): the form modes of the
// spec (doc 2 section 2) and the checks of a number typed as text. No React, no network.
import { atLeast, atMost, decimals } from '@wrenchlog/contracts/limits';
import { i18n } from '../i18n/i18n';
import './i18n';

/** fast: quick create with fewer fields; fastView: read-only preview; full: the complete screen. */
export type FormMode = 'fast' | 'fastView' | 'full';

const MODES: readonly FormMode[] = ['fast', 'fastView', 'full'];

/** The `mode` query value, or `fallback` when it is missing or unknown. */
export function modeFromQuery(value: string | null, fallback: FormMode): FormMode {
  return (MODES as readonly string[]).includes(value ?? '') ? (value as FormMode) : fallback;
}

/** A positive integer id from a route or query value, else undefined. */
export function idFromParam(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) {
    return undefined;
  }
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The number in a typed value; null when empty or not a number. */
export function parseNumber(text: string): number | null {
  const t = text.trim();
  if (t === '') {
    return null;
  }
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

function decimalPlaces(text: string): number {
  const match = /\.(\d*)$/.exec(text.trim());
  return match ? match[1].replace(/0+$/, '').length : 0;
}

export interface NumberRule {
  /** The message for an empty value; leave out for an optional field. */
  required?: string;
  min: number;
  max: number;
  /** Decimal places the server stores. */
  places: number;
  /** Whole numbers only (quantity). */
  integer?: string;
  /** The message below the minimum (default 'Value must be at least {min}'). */
  minMessage?: string;
}

/** The first broken rule of a typed number, with the server's messages (libs/contracts). */
export function checkNumber(text: string, rule: NumberRule): string | undefined {
  if (text.trim() === '') {
    return rule.required;
  }
  const n = parseNumber(text);
  if (n === null) {
    return i18n.t('notANumber', { ns: 'forms' });
  }
  if (rule.integer && !Number.isInteger(n)) {
    return rule.integer;
  }
  if (n < rule.min) {
    return rule.minMessage ?? atLeast(rule.min);
  }
  if (n > rule.max) {
    return atMost(rule.max);
  }
  if (decimalPlaces(text) > rule.places) {
    return decimals(rule.places);
  }
  return undefined;
}

/** A number as a form shows it ('' for none). */
export function numberText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}
