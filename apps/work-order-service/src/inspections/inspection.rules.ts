import {
  InspectionMessages,
  type FieldError,
  type InspectionAnswer,
  type InspectionAnswerInput,
  type InspectionFormInput,
  type InspectionItem,
} from '@wrenchlog/contracts';

// The rules of forms and answers (issue 35), pure so the unit spec pins them. Each returns the
// field errors of a 400 (empty: valid); the field names the item's place, as the DTO's would.

/** A form's items: unique ids, a range only on a number item, min not above max. */
export function formErrors(form: InspectionFormInput): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  form.items.forEach((item, i) => {
    if (seen.has(item.id)) {
      errors.push({ field: `items.${i}.id`, message: InspectionMessages.itemIdsUnique });
    }
    seen.add(item.id);
    const hasRange = (item.min ?? null) !== null || (item.max ?? null) !== null;
    if (hasRange && item.kind !== 'number') {
      errors.push({ field: `items.${i}.min`, message: InspectionMessages.rangeOnNumber });
    }
    if (item.min !== null && item.min !== undefined && item.max !== null && item.max !== undefined && item.min > item.max) {
      errors.push({ field: `items.${i}.min`, message: InspectionMessages.minOverMax });
    }
  });
  return errors;
}

/** The items as stored: min and max null unless given. */
export const storedItems = (form: InspectionFormInput): InspectionItem[] =>
  form.items.map((i) => ({ id: i.id, label: i.label, kind: i.kind, required: i.required, min: i.min ?? null, max: i.max ?? null }));

/** Whether a number is outside the item's range (which fails the item by itself). */
export const outOfRange = (item: Pick<InspectionItem, 'min' | 'max'>, value: number): boolean =>
  (item.min !== null && value < item.min) || (item.max !== null && value > item.max);

/**
 * Grades the answers against the form: an unknown or repeated item, a required item left out, a
 * number item answered (not "na") without a number are each a field error. A number outside its
 * range fails whatever result was sent. Answers come back in the form's order.
 */
export function grade(items: InspectionItem[], answers: InspectionAnswerInput[]): { answers: InspectionAnswer[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const byId = new Map<string, InspectionAnswerInput>();
  answers.forEach((a, i) => {
    if (!items.some((item) => item.id === a.itemId)) {
      errors.push({ field: `items.${i}.itemId`, message: `${InspectionMessages.unknownItem} (${a.itemId})` });
    } else if (byId.has(a.itemId)) {
      errors.push({ field: `items.${i}.itemId`, message: `${InspectionMessages.duplicateItem} (${a.itemId})` });
    }
    byId.set(a.itemId, a);
  });
  const graded: InspectionAnswer[] = [];
  for (const item of items) {
    const a = byId.get(item.id);
    if (!a) {
      if (item.required) {
        errors.push({ field: `items.${item.id}`, message: `${InspectionMessages.missingRequired}: ${item.label}` });
      }
      continue;
    }
    const value = a.value ?? null;
    if (item.kind === 'number' && a.result !== 'na' && value === null) {
      errors.push({ field: `items.${item.id}.value`, message: `${InspectionMessages.numberMissing}: ${item.label}` });
      continue;
    }
    const failed = a.result === 'fail' || (item.kind === 'number' && value !== null && a.result !== 'na' && outOfRange(item, value));
    graded.push({
      itemId: item.id,
      label: item.label,
      kind: item.kind,
      required: item.required,
      min: item.min,
      max: item.max,
      result: failed ? 'fail' : a.result,
      note: a.note?.trim() || null,
      value: item.kind === 'number' ? value : null,
      failed,
    });
  }
  return { answers: graded, errors };
}

/** The title of the issue a failed item opens. */
export function issueTitle(answer: InspectionAnswer): string {
  const value = answer.value !== null ? ` (${answer.value})` : '';
  return `Inspection failed: ${answer.label}${value}`.slice(0, 200);
}

/** The day an inspection with this frequency is due after one on `last` (YYYY-MM-DD). */
export function dueOn(last: string, frequency: 'daily' | 'weekly'): string {
  const d = new Date(`${last}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + (frequency === 'daily' ? 1 : 7));
  return d.toISOString().slice(0, 10);
}
