import type { AccountRole, WorkOrderLine, WorkOrderStep, WorkOrderTotals } from '@wrenchlog/contracts';
import type { WorkOrderLineEntity } from './work-order-line.entity.js';

/** Money is kept in whole cents; a decimal the DTO allowed (2 places) becomes cents exactly. */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => Math.round(cents) / 100;

type LineMoney = Pick<WorkOrderLineEntity, 'kind' | 'hours' | 'rateCents' | 'quantity' | 'unitPriceCents' | 'costCents'>;

/** A line's amount in cents: hours x rate (rounded to the cent), quantity x unit price, or the cost. */
export function lineCents(line: LineMoney): number {
  switch (line.kind) {
    case 'labour':
      return Math.round((line.hours ?? 0) * (line.rateCents ?? 0));
    case 'part':
      return (line.quantity ?? 0) * (line.unitPriceCents ?? 0);
    default:
      return line.costCents ?? 0;
  }
}

/** The order's totals by kind in whole cents (what work.order.completed carries). */
export function centsOf(lines: readonly LineMoney[]): { labour: number; parts: number; other: number; total: number } {
  const cents = { labour: 0, part: 0, other: 0 };
  for (const line of lines) {
    cents[line.kind] += lineCents(line);
  }
  return { labour: cents.labour, parts: cents.part, other: cents.other, total: cents.labour + cents.part + cents.other };
}

/** The order's totals by kind, each summed in cents first so the total is their exact sum. */
export function totalsOf(lines: readonly LineMoney[]): WorkOrderTotals {
  const cents = centsOf(lines);
  return { labour: fromCents(cents.labour), parts: fromCents(cents.parts), other: fromCents(cents.other), total: fromCents(cents.total) };
}

/** A line as answered; the money is there for every role, and removed for a role without money (MoneyInterceptor and `withoutLineAmount`). */
export function lineView(line: WorkOrderLineEntity): WorkOrderLine {
  const money = (cents: number | null) => (cents === null ? null : fromCents(cents));
  return {
    id: line.id,
    kind: line.kind,
    hours: line.hours,
    rate: money(line.rateCents),
    userId: line.userId,
    partId: line.partId,
    partName: line.partName,
    quantity: line.quantity,
    unitPrice: money(line.unitPriceCents),
    description: line.description,
    cost: money(line.costCents),
    amount: fromCents(lineCents(line)),
  };
}

/**
 * `amount` is money on a line but litres on a fuel record, so it is not among MONEY_FIELDS: this
 * service leaves it out itself for a role without money (the interceptor takes rate, unitPrice,
 * cost and totals).
 */
export function withoutLineAmount(line: WorkOrderLine): WorkOrderLine {
  const { amount: _amount, ...rest } = line;
  return rest;
}

/** The roles a work order may be assigned to (a mechanic, or the ones who run the shop). */
export const ASSIGNABLE_ROLES: readonly AccountRole[] = ['mechanic', 'manager', 'owner'];

/** The lines of a completed order in words, for the service record's notes. */
export function linesInWords(lines: readonly WorkOrderLineEntity[], nameOf: (userId: number | null) => string | null): string {
  const money = (cents: number) => fromCents(cents).toFixed(2);
  return lines
    .map((l) => {
      if (l.kind === 'labour') {
        const who = nameOf(l.userId);
        return `Labour${who ? ` (${who})` : ''}: ${l.hours} h x ${money(l.rateCents ?? 0)} = ${money(lineCents(l))}`;
      }
      if (l.kind === 'part') {
        return `Part ${l.partName ?? `#${l.partId}`}: ${l.quantity} x ${money(l.unitPriceCents ?? 0)} = ${money(lineCents(l))}`;
      }
      return `${l.description}: ${money(lineCents(l))}`;
    })
    .join('\n');
}

/** An order's checklist as stored (JSON), [] for none or an order from before job templates. */
export const parseSteps = (text: string | null | undefined): WorkOrderStep[] => {
  try {
    const steps: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(steps)
      ? steps
          .filter((s): s is WorkOrderStep => typeof s === 'object' && s !== null && typeof s.text === 'string')
          .map((s) => ({ text: s.text, done: s.done === true }))
      : [];
  } catch {
    return [];
  }
};

/** The checklist in words, for the service record's notes: "[x] Drain oil" per step. */
export const stepsInWords = (steps: readonly WorkOrderStep[]): string =>
  steps.length ? `Steps:\n${steps.map((s) => `[${s.done ? 'x' : ' '}] ${s.text}`).join('\n')}` : '';

export const parseIds = (text: string | null | undefined): number[] => {
  try {
    const ids: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
};
