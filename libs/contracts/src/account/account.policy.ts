import type { AccountRole } from './account.limits.js';

// What each role of an account may do (issue 32): the one table every service's policy reads
// (`@Caller(right)` in libs/platform), and the web app hides what a role may not do from it.
// Which machines an operator or mechanic sees is the other half: their assignment (MemberDirectory).

/** Each right, with what "Your role (operator) cannot ..." says of it. */
export const RIGHTS = {
  'machine.read': 'see machines',
  'machine.write': 'add or change machines',
  'machine.delete': 'delete machines',
  'record.read': 'see service records',
  'record.write': 'add or change service records',
  'fuel.read': 'see fuel records',
  'fuel.write': 'add or change fuel records',
  'inventory.read': 'see parts, suppliers and purchases',
  'inventory.write': 'add or change parts, suppliers and purchases',
  'meter.read': 'see meters',
  'meter.write': 'add or change meter readings',
  'schedule.read': 'see schedules',
  'schedule.write': 'add, change or complete schedules',
  'document.read': 'see documents',
  'document.write': 'add or delete documents',
  'money.read': 'see prices, costs and totals',
  'report.read': 'see reports',
  'import.run': 'import data',
  'export.run': 'export data',
  'webhook.manage': 'manage webhooks',
  'members.manage': 'manage members',
  'account.manage': 'rename or delete the account',
  // Issue 35: an operator reports issues on their machines; changing, resolving and closing them is the shop's.
  'issue.read': 'see issues',
  'issue.report': 'report issues',
  'issue.write': 'change, resolve or close issues',
  'workorder.read': 'see work orders',
  'workorder.write': 'add, change or complete work orders',
  // Inspections: operators do them on their machines, viewers read; the checklists are the managers'.
  'inspection.read': 'see inspections',
  'inspection.write': 'do inspections',
  'inspectionform.write': 'add, change or delete inspection forms',
  'account.defaults': "set the account's default units, currency and formats",
} as const;

export type Right = keyof typeof RIGHTS;

const ALL = Object.keys(RIGHTS) as Right[];
const READS: Right[] = [
  'machine.read',
  'record.read',
  'fuel.read',
  'inventory.read',
  'meter.read',
  'schedule.read',
  'document.read',
  'money.read',
  'report.read',
  'issue.read',
  'workorder.read',
  'inspection.read',
];

/**
 * The rights of each role. Operators' own-record limits (only their own fuel records and readings,
 * changed within OPERATOR_EDIT_WINDOW_MS) and assignments are rules of the owning service on top.
 */
export const ROLE_RIGHTS: Record<AccountRole, ReadonlySet<Right>> = {
  owner: new Set(ALL),
  manager: new Set(ALL.filter((r) => r !== 'account.manage')),
  mechanic: new Set<Right>([
    'machine.read',
    'record.read',
    'record.write',
    'fuel.read',
    'inventory.read',
    'inventory.write',
    'meter.read',
    'meter.write',
    'schedule.read',
    'schedule.write',
    'document.read',
    'document.write',
    'money.read',
    'issue.read',
    'issue.report',
    'issue.write',
    'workorder.read',
    'workorder.write',
    'inspection.read',
    'inspection.write',
  ]),
  operator: new Set<Right>([
    'machine.read',
    'fuel.read',
    'fuel.write',
    'meter.read',
    'meter.write',
    'schedule.read',
    'issue.read',
    'issue.report',
    'inspection.read',
    'inspection.write',
  ]),
  viewer: new Set<Right>(READS),
};

/** How long an operator may change or delete a fuel record or reading they added. */
export const OPERATOR_EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;

export function roleMay(role: AccountRole | undefined, right: Right): boolean {
  return !!role && ROLE_RIGHTS[role]?.has(right) === true;
}

/** The 403 message of a right the role lacks. */
export function forbiddenMessage(role: AccountRole, right: Right): string {
  return `Your role (${role}) cannot ${RIGHTS[right]}`;
}

/** Whether the role's machines are its assignment (the others see every machine of the account). */
export const ASSIGNED_ROLES: readonly AccountRole[] = ['mechanic', 'operator'];

/**
 * Field names that carry money in any answer (issue 32): removed, at any depth, from what a role
 * without 'money.read' receives. Not zero, not null: absent.
 */
export const MONEY_FIELDS: ReadonlySet<string> = new Set([
  'price',
  'totalPrice',
  'pricePerUnit',
  'cost',
  'totalCost',
  'costPerDistance',
  'costPerHour',
  'priceCents',
  'totalPriceCents',
  'costCents',
  // Work orders (issue 35); a line's `amount` is removed by work-order-service itself (fuel records' `amount` is litres).
  'rate',
  'unitPrice',
  'totals',
]);

/** A copy of an answer without its money fields, at any depth (for a role without 'money.read'). */
export function withoutMoney<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.map(withoutMoney) as T;
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      if (!MONEY_FIELDS.has(key)) {
        out[key] = withoutMoney(field);
      }
    }
    return out as T;
  }
  return value;
}
