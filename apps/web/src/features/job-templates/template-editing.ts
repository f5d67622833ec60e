import type { JobTemplate, JobTemplateInput, JobTemplateLineInput } from '@wrenchlog/contracts';
import { JobTemplateLimits, WorkLimits, type WorkOrderLineKind } from '@wrenchlog/contracts/limits';

// The template editor's draft (text inputs as typed) and its rules on the device; the server checks
// the same again and answers field messages on the same keys (`name`, `steps`, `lines.N.partId`).

export interface LineDraft {
  kind: WorkOrderLineKind;
  hours: string;
  rate: string;
  partId: string | null;
  /** The chosen part's name, so the picker shows it before any search. */
  partName: string | null;
  quantity: string;
  description: string;
  cost: string;
}

export interface TemplateDraft {
  name: string;
  steps: string[];
  lines: LineDraft[];
}

/** The keys (jobTemplates:editor.errors.*) of the local messages. */
export type DraftError = 'name' | 'step' | 'hours' | 'rate' | 'part' | 'quantity' | 'description' | 'cost';

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export const newLine = (kind: WorkOrderLineKind = 'labour'): LineDraft => ({
  kind,
  hours: '',
  rate: '',
  partId: null,
  partName: null,
  quantity: '1',
  description: '',
  cost: '',
});

export function draftOf(template: JobTemplate | null): TemplateDraft {
  if (!template) {
    return { name: '', steps: [''], lines: [] };
  }
  return {
    name: template.name,
    steps: template.steps.length ? [...template.steps] : [''],
    lines: template.lines.map((l) => ({
      kind: l.kind,
      hours: text(l.hours),
      rate: text(l.rate),
      partId: l.partId === null ? null : String(l.partId),
      partName: l.partName,
      quantity: text(l.quantity),
      description: l.description ?? '',
      cost: text(l.cost),
    })),
  };
}

const decimals = (raw: string) => (raw.split('.')[1] ?? '').length;
/** A number from 0 to `max` with at most 2 decimals, or null when it is not one. */
function amount(raw: string, max: number): number | null {
  const v = raw.trim();
  if (v === '' || !/^\d+(\.\d+)?$/.test(v) || decimals(v) > 2) {
    return null;
  }
  const n = Number(v);
  return n <= max ? n : null;
}

/** The field errors of a draft, by the server's field keys, as message keys. */
export function draftErrors(d: TemplateDraft): Record<string, DraftError> {
  const errors: Record<string, DraftError> = {};
  if (!d.name.trim()) {
    errors.name = 'name';
  }
  d.lines.forEach((l, i) => {
    const at = `lines.${i}`;
    if (l.kind === 'labour') {
      if (amount(l.hours, WorkLimits.hours) === null) {
        errors[`${at}.hours`] = 'hours';
      }
      if (l.rate.trim() !== '' && amount(l.rate, WorkLimits.money) === null) {
        errors[`${at}.rate`] = 'rate';
      }
    } else if (l.kind === 'part') {
      if (!l.partId) {
        errors[`${at}.partId`] = 'part';
      }
      const q = Number(l.quantity.trim());
      if (!/^\d+$/.test(l.quantity.trim()) || q < 1 || q > WorkLimits.quantity) {
        errors[`${at}.quantity`] = 'quantity';
      }
    } else {
      if (!l.description.trim()) {
        errors[`${at}.description`] = 'description';
      }
      if (amount(l.cost, WorkLimits.money) === null) {
        errors[`${at}.cost`] = 'cost';
      }
    }
  });
  return errors;
}

/** The request body: blank steps left out (an empty row is no step), each line with its kind's fields. */
export function templateInput(d: TemplateDraft): JobTemplateInput {
  const lines: JobTemplateLineInput[] = d.lines.map((l) => {
    switch (l.kind) {
      case 'labour':
        return { kind: l.kind, hours: Number(l.hours.trim()), rate: l.rate.trim() === '' ? null : Number(l.rate.trim()) };
      case 'part':
        return { kind: l.kind, partId: Number(l.partId), quantity: Number(l.quantity.trim()) };
      case 'other':
        return { kind: l.kind, description: l.description.trim(), cost: Number(l.cost.trim()) };
    }
  });
  return {
    name: d.name.trim(),
    steps: d.steps
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .slice(0, JobTemplateLimits.steps),
    lines,
  };
}

/** The list with item `i` moved one place up (the first stays). */
export function movedUp<T>(list: readonly T[], i: number): T[] {
  if (i <= 0 || i >= list.length) {
    return [...list];
  }
  const out = [...list];
  [out[i - 1], out[i]] = [out[i], out[i - 1]];
  return out;
}
