import {
  JobTemplateLimits,
  type JobTemplate,
  type JobTemplateInput,
  type JobTemplateLine,
  type WorkOrderLineKind,
  type WorkOrderStep,
} from '@wrenchlog/contracts';
import type { LineFields } from '../work-orders/work-order-line.entity.js';
import { fromCents, toCents } from '../work-orders/work-order.rules.js';
import type { JobTemplateEntity } from './job-template.entity.js';

// The rules of job templates (issue 35), pure so the unit spec pins them: what a template stores,
// how it is answered, and what a work order made from templates starts with.

/** A kit line as stored (JSON in `job_templates.lines`): money in cents, the part's name when saved. */
export interface StoredTemplateLine {
  kind: WorkOrderLineKind;
  hours: number | null;
  rateCents: number | null;
  partId: number | null;
  partName: string | null;
  quantity: number | null;
  description: string | null;
  costCents: number | null;
}

/** The kit as stored; `partNames` has the inventory's name of each part the lines name. */
export function storedLines(input: JobTemplateInput, partNames: ReadonlyMap<number, string>): StoredTemplateLine[] {
  return (input.lines ?? []).map((l) => {
    const none: StoredTemplateLine = {
      kind: l.kind,
      hours: null,
      rateCents: null,
      partId: null,
      partName: null,
      quantity: null,
      description: null,
      costCents: null,
    };
    if (l.kind === 'labour') {
      return { ...none, hours: l.hours!, rateCents: l.rate === undefined || l.rate === null ? null : toCents(l.rate) };
    }
    if (l.kind === 'part') {
      return { ...none, partId: l.partId!, partName: partNames.get(l.partId!)?.slice(0, 200) ?? null, quantity: l.quantity! };
    }
    return { ...none, description: l.description!, costCents: toCents(l.cost!) };
  });
}

/** The steps as stored: trimmed, blank ones left out (the DTO refuses them; a hand-made message may not). */
export const storedSteps = (input: JobTemplateInput): string[] => (input.steps ?? []).map((s) => s.trim()).filter((s) => s.length > 0);

/** A template as every read answers it (createdBy and updatedBy come from MemberDirectory; money leaves for a role without it). */
export function templateView(row: JobTemplateEntity): Omit<JobTemplate, 'createdBy' | 'updatedBy'> {
  return {
    id: row.id,
    name: row.name,
    steps: parseJson<string[]>(row.steps, []),
    lines: parseJson<StoredTemplateLine[]>(row.lines, []).map(lineView),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function lineView(l: StoredTemplateLine): JobTemplateLine {
  const money = (cents: number | null) => (cents === null ? null : fromCents(cents));
  return {
    kind: l.kind,
    hours: l.hours,
    rate: money(l.rateCents),
    partId: l.partId,
    partName: l.partName,
    quantity: l.quantity,
    description: l.description,
    cost: money(l.costCents),
  };
}

/**
 * The templates an order starts with, each once: the one named on the order first, then those its
 * schedules name, in the schedules' order.
 */
export function templatesToApply(templateId: number | null | undefined, scheduleTemplateIds: readonly (number | null)[]): number[] {
  const ids = [templateId ?? null, ...scheduleTemplateIds].filter((id): id is number => id !== null);
  return [...new Set(ids)];
}

/** The stored kit lines of a template, for the order's lines. */
export const kitOf = (row: JobTemplateEntity): StoredTemplateLine[] => parseJson<StoredTemplateLine[]>(row.lines, []);

/**
 * An order line from a kit line. A part line takes the inventory's name and price now (`part`), as
 * adding a part line does; a labour line without a rate takes 0, for the shop to fill in.
 */
export function orderLineOf(l: StoredTemplateLine, part: { name: string; price: number } | null): LineFields {
  const none: LineFields = {
    kind: l.kind,
    hours: null,
    rateCents: null,
    userId: null,
    partId: null,
    partName: null,
    quantity: null,
    unitPriceCents: null,
    description: null,
    costCents: null,
  };
  if (l.kind === 'labour') {
    return { ...none, hours: l.hours ?? 0, rateCents: l.rateCents ?? 0 };
  }
  if (l.kind === 'part') {
    return {
      ...none,
      partId: l.partId,
      partName: (part?.name ?? l.partName)?.slice(0, 200) ?? null,
      quantity: l.quantity,
      unitPriceCents: toCents(part?.price ?? 0),
    };
  }
  return { ...none, description: l.description, costCents: l.costCents ?? 0 };
}

/** The checklist an order starts with: its own steps, then each template's, none ticked; at most the bound a PUT takes back. */
export function stepsOf(own: readonly WorkOrderStep[], templates: readonly JobTemplateEntity[]): WorkOrderStep[] {
  return [
    ...own.map((s) => ({ text: s.text.trim(), done: s.done })),
    ...templates.flatMap((t) => parseJson<string[]>(t.steps, []).map((text) => ({ text, done: false }))),
  ].slice(0, JobTemplateLimits.steps);
}

function parseJson<T>(text: string | null, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}
