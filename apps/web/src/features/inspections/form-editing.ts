import type { InspectionForm, InspectionFormInput } from '@wrenchlog/contracts';
import { InspectionMessages, type InspectionFrequency, type InspectionItemKind } from '@wrenchlog/contracts/limits';

// The form editor's values and rules (issue 35): the server's words; it checks again.

export interface ItemDraft {
  /** Kept for an existing item, so inspections made with it still match; new items get one from the label. */
  id: string;
  label: string;
  kind: InspectionItemKind;
  required: boolean;
  min: string;
  max: string;
}
export interface FormDraft {
  name: string;
  machineType: string;
  frequency: InspectionFrequency | '';
  items: ItemDraft[];
}

export const KIND_LABELS: Record<InspectionItemKind, string> = { pass_fail: 'Pass / fail', number: 'Number', text: 'Text' };

export const newItem = (): ItemDraft => ({ id: '', label: '', kind: 'pass_fail', required: true, min: '', max: '' });

/** A draft of a form; `copy` names it "Copy of ..." (a built-in form is changed through a copy). */
export function draftOf(form: InspectionForm | null, copy = false): FormDraft {
  if (!form) {
    return { name: '', machineType: '', frequency: '', items: [newItem()] };
  }
  return {
    name: copy ? `Copy of ${form.name}`.slice(0, 120) : form.name,
    machineType: form.machineType ?? '',
    frequency: form.frequency ?? '',
    items: form.items.map((i) => ({
      id: i.id,
      label: i.label,
      kind: i.kind,
      required: i.required,
      min: i.min === null ? '' : String(i.min),
      max: i.max === null ? '' : String(i.max),
    })),
  };
}

const num = (t: string): number | null => (t.trim() === '' ? null : Number(t.trim().replace(',', '.')));

/** A new item's id from its label ("Track sag (in)" -> "track-sag-in"), unique within the form. */
function idFor(label: string, taken: Set<string>): string {
  const base =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32) || 'item';
  let id = base;
  for (let n = 2; taken.has(id); n++) {
    id = `${base}-${n}`;
  }
  taken.add(id);
  return id;
}

/** Field errors by path ("name", "items", "items.2.label", "items.2.min"). */
export function draftErrors(d: FormDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!d.name.trim()) {
    errors.name = InspectionMessages.name;
  }
  if (d.items.length === 0) {
    errors.items = InspectionMessages.items;
  }
  d.items.forEach((item, i) => {
    if (!item.label.trim()) {
      errors[`items.${i}.label`] = InspectionMessages.label;
    }
    const min = num(item.min);
    const max = num(item.max);
    if ((min !== null && !Number.isFinite(min)) || (max !== null && !Number.isFinite(max))) {
      errors[`items.${i}.min`] = InspectionMessages.range;
    } else if (min !== null && max !== null && min > max) {
      errors[`items.${i}.min`] = InspectionMessages.minOverMax;
    }
  });
  return errors;
}

export function formInput(d: FormDraft): InspectionFormInput {
  const taken = new Set(d.items.map((i) => i.id).filter(Boolean));
  return {
    name: d.name.trim(),
    machineType: d.machineType.trim() || null,
    frequency: d.frequency || null,
    items: d.items.map((i) => ({
      id: i.id || idFor(i.label, taken),
      label: i.label.trim(),
      kind: i.kind,
      required: i.required,
      ...(i.kind === 'number' ? { min: num(i.min), max: num(i.max) } : {}),
    })),
  };
}
