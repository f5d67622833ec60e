import type { InspectionForm, InspectionInput, InspectionItem } from '@wrenchlog/contracts';
import { InspectionMessages, type InspectionResult } from '@wrenchlog/contracts/limits';

// The checklist's rules on the device (issue 35): the server's own messages, so a mistake is told
// before sending; the server grades again (a number outside its range fails there by itself).

export interface AnswerDraft {
  result: InspectionResult | null;
  /** A number item's value as typed. */
  value: string;
  note: string;
}

export const RESULT_LABELS: Record<InspectionResult, string> = { pass: 'Pass', fail: 'Fail', na: 'N/A' };

export const emptyAnswers = (form: InspectionForm): Record<string, AnswerDraft> =>
  Object.fromEntries(form.items.map((i) => [i.id, { result: null, value: '', note: '' }]));

/** "1 to 2", "at least 0.125", "at most 6", or '' without a range. */
export function rangeText(item: Pick<InspectionItem, 'min' | 'max'>): string {
  if (item.min !== null && item.max !== null) {
    return `${item.min} to ${item.max}`;
  }
  return item.min !== null ? `at least ${item.min}` : item.max !== null ? `at most ${item.max}` : '';
}

const numberOf = (text: string): number | null => {
  const t = text.trim().replace(',', '.');
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : null;
};

/** Whether the typed number is outside the item's range (the item then fails by itself). */
export function outOfRange(item: InspectionItem, text: string): boolean {
  const n = numberOf(text);
  return n !== null && ((item.min !== null && n < item.min) || (item.max !== null && n > item.max));
}

/** What each item still needs, by item id (the server's words). */
export function answerErrors(form: InspectionForm, answers: Record<string, AnswerDraft>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of form.items) {
    const a = answers[item.id];
    if (item.kind === 'number') {
      if (a?.result !== 'na' && numberOf(a?.value ?? '') === null && (item.required || (a?.value ?? '') !== '')) {
        errors[item.id] = InspectionMessages.numberMissing;
      }
    } else if (item.kind === 'text') {
      if (item.required && !a?.note.trim()) {
        errors[item.id] = InspectionMessages.missingRequired;
      }
    } else if (item.required && !a?.result) {
      errors[item.id] = InspectionMessages.missingRequired;
    }
  }
  return errors;
}

/** The request body: a number item is "pass" unless marked N/A (the server fails it outside its range). */
export function inspectionInput(
  form: InspectionForm,
  answers: Record<string, AnswerDraft>,
  extra: { readAt: string; distance: string; hours: string; signedBy: string },
): InspectionInput {
  const items: InspectionInput['items'] = [];
  for (const item of form.items) {
    const a = answers[item.id];
    const note = a?.note.trim() || undefined;
    if (item.kind === 'number') {
      const value = numberOf(a?.value ?? '');
      if (a?.result === 'na') {
        items.push({ itemId: item.id, result: 'na', note });
      } else if (value !== null) {
        items.push({ itemId: item.id, result: outOfRange(item, a!.value) ? 'fail' : 'pass', value, note });
      }
    } else if (item.kind === 'text') {
      if (note) {
        items.push({ itemId: item.id, result: 'pass', note });
      }
    } else if (a?.result) {
      items.push({ itemId: item.id, result: a.result, note });
    }
  }
  const distance = numberOf(extra.distance);
  const hours = numberOf(extra.hours);
  return {
    formId: form.id,
    readAt: extra.readAt,
    ...(distance !== null || hours !== null ? { meters: { ...(distance !== null ? { distance } : {}), ...(hours !== null ? { hours } : {}) } } : {}),
    items,
    signedBy: extra.signedBy.trim() || null,
  };
}

/** The forms that fit the machine's type first (a built-in walk-around fits loaders too), then the rest. */
export function formsFor(forms: InspectionForm[], machineType: string | null | undefined): InspectionForm[] {
  const type = (machineType ?? '').toLowerCase();
  const fits = (f: InspectionForm) => !!type && (f.machineType?.toLowerCase() === type || f.name.toLowerCase().includes(type));
  return [...forms.filter(fits), ...forms.filter((f) => !fits(f))];
}
