import type { AccountRole, Right } from '@wrenchlog/contracts';
import { partBody, supplierBody } from './fuel-purchase.helpers.js';
import { fuelBody, machineBody, purchaseBody, scheduleBody, serviceBody, type Ctx as HostileCtx } from './hostile-input.routes.js';

// The one table of the permission matrix (issue 32): every route the gateway registers is a row
// here, or in NOT_IN_MATRIX with the reason. A row says what the route asks of the caller (a right
// of ROLE_RIGHTS, any member, an administrator, the owner) and how to call it; the expected answer
// of each of the five roles and of a stranger follows from that and the row's exceptions.

export type Who = AccountRole | 'stranger';
export const EVERYONE: readonly Who[] = ['owner', 'manager', 'mechanic', 'operator', 'viewer', 'stranger'];

/** The owner's account as the suite builds it: machine A and B assigned to the operator, C not. */
export interface Ctx {
  accountId: number;
  machineId: number;
  otherMachineId: number;
  serviceId: number;
  fuelId: number;
  purchaseId: number;
  partId: number;
  supplierId: number;
  meterId: number;
  readingId: number;
  scheduleId: number;
  documentId: number;
  webhookId: number;
  importId: number;
  exportId: number;
  /** A member whose role the matrix changes (to the same role): never one whose token it uses. */
  spareUserId: number;
  invitationId: number;
  /** A token of the owner's (issue 33). */
  tokenId: number;
  /** Issue 35: an issue on machine A, and an open work order on it with one line. */
  issueId: number;
  workOrderId: number;
  lineId: number;
  /** An inspection form of the account (one pass/fail item), and an inspection of machine A with it. */
  formId: number;
  inspectionId: number;
  /** A job template of the account (one labour line, one step). */
  templateId: number;
  /** Each caller's own user id. */
  userIds: Record<Who, number>;
}

const ok = 'ok' as const;
export type Expected = number | typeof ok;

/** The ids the hostile-input suite's bodies read (machineId): the same names here. */
export const hostile = (c: Ctx): HostileCtx => c as unknown as HostileCtx;

export type Fresh =
  | 'machine'
  | 'service'
  | 'fuel'
  | 'purchase'
  | 'part'
  | 'supplier'
  | 'schedule'
  | 'document'
  | 'webhook'
  | 'import'
  | 'invitation'
  | 'member'
  | 'photo'
  | 'token'
  | 'issue'
  | 'workOrder'
  | 'doneOrder'
  | 'form'
  | 'template';

export type Gate = Right | 'member' | 'admin' | 'owner';

export interface Row {
  call: string;
  gate: Gate;
  /** 'record': the call names the owner account's record (a stranger gets 404); 'own': the caller's own (a stranger gets 2xx). */
  scope: 'record' | 'own';
  /** The concrete path (default: the call's path with its :xxxId filled from the context). */
  path?: (c: Ctx, who: Who) => string;
  body?: (c: Ctx, who: Who) => unknown;
  upload?: 'image' | 'pdf' | 'csv';
  /** The call uses its target up: made afresh by the owner for each caller, its ids over the context's. */
  fresh?: Fresh;
  /** What an allowed caller gets when it is not any 2xx (e.g. a valid refusal past the policy). */
  allowed?: number;
  /** Answers an allowed caller may also get past the policy: the record's own state (an export already running, an import not validated). */
  also?: number[];
  /** Per-caller answers the gate alone does not give, with the reason in a comment on the row. */
  except?: Partial<Record<Who, Expected>>;
}

export function expected(row: Row, who: Who, roleMay: (role: AccountRole, right: Right) => boolean): Expected {
  const exception = row.except?.[who];
  if (exception !== undefined) {
    return exception;
  }
  if (row.gate === 'admin') {
    return 403;
  }
  if (who === 'stranger') {
    return row.scope === 'record' ? 404 : (row.allowed ?? ok);
  }
  const mayAct = row.gate === 'member' || (row.gate === 'owner' ? who === 'owner' : roleMay(who, row.gate));
  return mayAct ? (row.allowed ?? ok) : 403;
}

const today = () => new Date().toISOString().slice(0, 10);
/** A form of one pass/fail item, and an inspection that passes it. */
export const inspectionFormBody = () => ({ name: 'Matrix check', items: [{ id: 'lights', label: 'Lights', kind: 'pass_fail', required: true }] });
/** A job template of one step and one labour line (no part: a stranger's call stops at the template, not at the part). */
export const jobTemplateBody = () => ({ name: 'Matrix service', steps: ['Check oil'], lines: [{ kind: 'labour', hours: 1, rate: 50 }] });
export const inspectionBody = (formId: number) => ({ formId, readAt: today(), items: [{ itemId: 'lights', result: 'pass' }] });
/** An operator may not see another member's fuel record or reading: not disclosed. */
const OPERATOR_NOT_OWN = { operator: 404 } as const;

export const ROWS: Row[] = [
  // Machines.
  { call: 'GET /api/machines/all', gate: 'machine.read', scope: 'own' },
  { call: 'GET /api/machines/recentlyserviced', gate: 'machine.read', scope: 'own' },
  { call: 'GET /api/machines/?machineId=:machineId', gate: 'machine.read', scope: 'record' },
  { call: 'POST /api/machines/create', gate: 'machine.write', scope: 'own', body: machineBody },
  { call: 'PUT /api/machines/update', gate: 'machine.write', scope: 'record', body: (c) => ({ ...machineBody(), id: c.machineId, name: 'Matrix loader' }) },
  { call: 'DELETE /api/machines/:machineId', gate: 'machine.delete', scope: 'record', fresh: 'machine' },
  { call: 'GET /api/machines/:machineId/history-counts', gate: 'record.read', scope: 'record' },
  { call: 'GET /api/machines/:machineId/history.csv', gate: 'report.read', scope: 'record' },
  { call: 'GET /api/machines/:machineId/history.pdf', gate: 'report.read', scope: 'record' },
  { call: 'GET /api/machines/:machineId/gallery', gate: 'machine.read', scope: 'record' },
  { call: 'POST /api/machines/:machineId/gallery', gate: 'machine.write', scope: 'record', upload: 'image', fresh: 'machine' },
  // Past the policy, a photo that is not there is 404 "Photo not found".
  { call: 'DELETE /api/machines/:machineId/gallery', gate: 'machine.write', scope: 'record', body: () => ({ ids: [2_000_000_000] }), also: [404] },
  // The photo the allowed callers set is what the readers then get, and what the first deleter removes.
  { call: 'POST /api/machines/:machineId/profile-photo', gate: 'machine.write', scope: 'record', upload: 'image' },
  { call: 'GET /api/machines/:machineId/profile-photo', gate: 'machine.read', scope: 'record' },
  { call: 'DELETE /api/machines/:machineId/profile-photo', gate: 'machine.write', scope: 'record', fresh: 'photo' },
  { call: 'GET /api/user/:userId/imageStats', gate: 'member', scope: 'own', path: (c, who) => `/api/user/${c.userIds[who]}/imageStats` },
  // Meters, readings and schedules.
  { call: 'GET /api/machines/:machineId/meters', gate: 'meter.read', scope: 'record' },
  // Operators add readings; a meter's setup is not theirs (schedule-service's rule).
  { call: 'PUT /api/meters/:meterId', gate: 'meter.write', scope: 'record', except: { operator: 403 }, body: () => ({ label: 'Odometer' }) },
  { call: 'GET /api/meters/:meterId/readings', gate: 'meter.read', scope: 'record' },
  {
    call: 'POST /api/meters/:meterId/readings',
    gate: 'meter.write',
    scope: 'record',
    body: (_c, who) => ({ value: 400 + EVERYONE.indexOf(who), readAt: today() }),
  },
  {
    call: 'POST /api/meters/:meterId/replacement',
    gate: 'meter.write',
    scope: 'record',
    except: { operator: 403 },
    body: () => ({ newStartValue: 0, readAt: today() }),
  },
  { call: 'PUT /api/readings/:readingId', gate: 'meter.write', scope: 'record', except: OPERATOR_NOT_OWN, body: () => ({ void: false }) },
  // Issue 33: another account's machine is a per-reading NOT_FOUND in a 200 (readings-batch.e2e-spec), so a stranger gets 200.
  {
    call: 'POST /api/readings/batch',
    gate: 'meter.write',
    scope: 'own',
    body: (c) => ({ readings: [{ machineId: c.machineId, kind: 'hours', value: 0, readAt: '2000-01-01T00:00:00Z' }] }),
  },
  { call: 'GET /api/machines/:machineId/schedules', gate: 'schedule.read', scope: 'record' },
  { call: 'POST /api/machines/:machineId/schedules', gate: 'schedule.write', scope: 'record', body: scheduleBody },
  { call: 'GET /api/schedules', gate: 'schedule.read', scope: 'own' },
  { call: 'GET /api/schedules/:scheduleId', gate: 'schedule.read', scope: 'record' },
  { call: 'PUT /api/schedules/:scheduleId', gate: 'schedule.write', scope: 'record', body: scheduleBody },
  { call: 'DELETE /api/schedules/:scheduleId', gate: 'schedule.write', scope: 'record', fresh: 'schedule' },
  {
    call: 'POST /api/schedules/:scheduleId/complete',
    gate: 'schedule.write',
    scope: 'record',
    body: (c) => ({ serviceRecordId: c.serviceId }),
    fresh: 'schedule',
  },
  { call: 'GET /api/schedule-templates', gate: 'schedule.read', scope: 'own' },
  // Service records.
  { call: 'GET /api/services/recent', gate: 'record.read', scope: 'own' },
  { call: 'GET /api/services/machine/:machineId', gate: 'record.read', scope: 'record', except: { stranger: ok } },
  { call: 'GET /api/services/:serviceId', gate: 'record.read', scope: 'record' },
  { call: 'POST /api/services/fastCreate', gate: 'record.write', scope: 'record', body: (c) => serviceBody(hostile(c)) },
  { call: 'PUT /api/services/:serviceId', gate: 'record.write', scope: 'record', body: (c) => serviceBody(hostile(c)) },
  { call: 'DELETE /api/services/:serviceId', gate: 'record.write', scope: 'record', fresh: 'service' },
  { call: 'GET /api/services/:serviceId/images', gate: 'record.read', scope: 'record' },
  { call: 'GET /api/services/:serviceId/images/count', gate: 'record.read', scope: 'record' },
  { call: 'POST /api/services/:serviceId/images', gate: 'record.write', scope: 'record', upload: 'image', fresh: 'service' },
  { call: 'DELETE /api/services/:serviceId/images', gate: 'record.write', scope: 'record', body: () => [2_000_000_000], also: [404] },
  // Fuel.
  { call: 'GET /api/fuel-records/machine/:machineId', gate: 'fuel.read', scope: 'record', except: { stranger: ok } },
  { call: 'GET /api/fuel-records/machine/:machineId/latest', gate: 'fuel.read', scope: 'record', except: { stranger: ok } },
  { call: 'GET /api/fuel-records/:fuelId', gate: 'fuel.read', scope: 'record', except: OPERATOR_NOT_OWN },
  { call: 'POST /api/fuel-records', gate: 'fuel.write', scope: 'record', body: (c) => fuelBody(hostile(c)) },
  { call: 'PUT /api/fuel-records/:fuelId', gate: 'fuel.write', scope: 'record', except: OPERATOR_NOT_OWN, body: (c) => fuelBody(hostile(c)) },
  { call: 'DELETE /api/fuel-records/:fuelId', gate: 'fuel.write', scope: 'record', except: OPERATOR_NOT_OWN, fresh: 'fuel' },
  // Inventory.
  { call: 'GET /api/purchases/getrecent', gate: 'inventory.read', scope: 'own' },
  { call: 'GET /api/purchases/getrecentForMachine/:machineId', gate: 'inventory.read', scope: 'record', except: { stranger: ok } },
  { call: 'GET /api/purchases/:purchaseId', gate: 'inventory.read', scope: 'record' },
  { call: 'POST /api/purchases', gate: 'inventory.write', scope: 'record', body: (c) => purchaseBody(hostile(c)) },
  { call: 'PUT /api/purchases/:purchaseId', gate: 'inventory.write', scope: 'record', body: (c) => purchaseBody(hostile(c)) },
  { call: 'DELETE /api/purchases/:purchaseId', gate: 'inventory.write', scope: 'record', fresh: 'purchase' },
  { call: 'GET /api/parts', gate: 'inventory.read', scope: 'own' },
  { call: 'GET /api/parts/stats', gate: 'inventory.read', scope: 'own' },
  { call: 'GET /api/parts/:partId', gate: 'inventory.read', scope: 'record' },
  { call: 'POST /api/parts', gate: 'inventory.write', scope: 'record', body: (c) => partBody(c.supplierId) },
  { call: 'PUT /api/parts/:partId', gate: 'inventory.write', scope: 'record', body: (c) => partBody(c.supplierId) },
  { call: 'DELETE /api/parts/:partId', gate: 'inventory.write', scope: 'record', fresh: 'part' },
  // Past the policy, the sample loads into an empty inventory only: the owner's account has parts.
  { call: 'POST /api/parts/sample', gate: 'inventory.write', scope: 'own', also: [409] },
  // Issue 35's parts loop. A stranger naming the owner's supplier is a bad supplierIds (400), as a work order's foreign part is.
  { call: 'GET /api/parts/to-reorder', gate: 'inventory.read', scope: 'own' },
  { call: 'GET /api/parts/:partId/ledger', gate: 'inventory.read', scope: 'record' },
  { call: 'POST /api/parts/reorder', gate: 'inventory.write', scope: 'record', except: { stranger: 400 }, body: (c) => ({ supplierIds: [c.supplierId] }) },
  { call: 'GET /api/suppliers', gate: 'inventory.read', scope: 'own' },
  { call: 'GET /api/suppliers/all', gate: 'inventory.read', scope: 'own' },
  { call: 'GET /api/suppliers/:supplierId', gate: 'inventory.read', scope: 'record' },
  { call: 'POST /api/suppliers', gate: 'inventory.write', scope: 'own', body: () => supplierBody() },
  { call: 'PUT /api/suppliers/:supplierId', gate: 'inventory.write', scope: 'record', body: () => supplierBody() },
  { call: 'DELETE /api/suppliers/:supplierId', gate: 'inventory.write', scope: 'record', fresh: 'supplier' },
  // Documents.
  { call: 'GET /api/machines/:machineId/documents', gate: 'document.read', scope: 'record' },
  { call: 'POST /api/machines/:machineId/documents', gate: 'document.write', scope: 'record', upload: 'pdf' },
  { call: 'GET /api/services/:serviceId/documents', gate: 'document.read', scope: 'record' },
  { call: 'POST /api/services/:serviceId/documents', gate: 'document.write', scope: 'record', upload: 'pdf' },
  { call: 'GET /api/fuel-records/:fuelId/documents', gate: 'document.read', scope: 'record', except: OPERATOR_NOT_OWN },
  { call: 'POST /api/fuel-records/:fuelId/documents', gate: 'document.write', scope: 'record', upload: 'pdf', except: OPERATOR_NOT_OWN },
  { call: 'GET /api/purchases/:purchaseId/documents', gate: 'document.read', scope: 'record' },
  { call: 'POST /api/purchases/:purchaseId/documents', gate: 'document.write', scope: 'record', upload: 'pdf' },
  { call: 'GET /api/documents/:documentId', gate: 'document.read', scope: 'record' },
  { call: 'DELETE /api/documents/:documentId', gate: 'document.write', scope: 'record', fresh: 'document' },
  // Reports.
  { call: 'GET /api/reports/costs', gate: 'report.read', scope: 'own' },
  { call: 'GET /api/reports/fleet', gate: 'report.read', scope: 'own' },
  { call: 'GET /api/reports/fleet.csv', gate: 'report.read', scope: 'own' },
  { call: 'GET /api/reports/fuel-economy', gate: 'report.read', scope: 'own' },
  // Imports and exports.
  { call: 'GET /api/imports', gate: 'import.run', scope: 'own' },
  { call: 'POST /api/imports', gate: 'import.run', scope: 'own', upload: 'csv', allowed: 201 },
  { call: 'GET /api/imports/:importId', gate: 'import.run', scope: 'record' },
  // Past the policy, an import not validated yet has no rows to show or keep, and cannot be committed (409).
  { call: 'GET /api/imports/:importId/rows', gate: 'import.run', scope: 'record', also: [409] },
  { call: 'PUT /api/imports/:importId/mapping', gate: 'import.run', scope: 'record', fresh: 'import', body: () => ({ mapping: {} }) },
  { call: 'POST /api/imports/:importId/validate', gate: 'import.run', scope: 'record', fresh: 'import' },
  { call: 'POST /api/imports/:importId/commit', gate: 'import.run', scope: 'record', fresh: 'import', body: () => ({ mode: 'skip_invalid' }), also: [409] },
  { call: 'POST /api/imports/:importId/revert', gate: 'import.run', scope: 'record', fresh: 'import', allowed: 409 },
  {
    call: 'PUT /api/imports/:importId/rows/:rowNumber',
    gate: 'import.run',
    scope: 'record',
    path: (c) => `/api/imports/${c.importId}/rows/2`,
    body: () => ({ keep: true }),
    also: [409],
  },
  // One export at a time per account: a member's while another's is being prepared is 409.
  { call: 'POST /api/exports', gate: 'export.run', scope: 'own', also: [409] },
  { call: 'GET /api/exports/:exportId', gate: 'export.run', scope: 'record' },
  // Webhooks.
  { call: 'GET /api/webhooks', gate: 'webhook.manage', scope: 'own' },
  { call: 'POST /api/webhooks', gate: 'webhook.manage', scope: 'own', body: () => ({ url: 'http://127.0.0.1:9/hook', events: ['ping'] }) },
  { call: 'DELETE /api/webhooks/:webhookId', gate: 'webhook.manage', scope: 'record', fresh: 'webhook' },
  { call: 'POST /api/webhooks/:webhookId/test', gate: 'webhook.manage', scope: 'record' },
  { call: 'GET /api/webhooks/:webhookId/deliveries', gate: 'webhook.manage', scope: 'record' },
  {
    call: 'POST /api/webhooks/deliveries/:deliveryId/retry',
    gate: 'webhook.manage',
    scope: 'record',
    path: () => '/api/webhooks/deliveries/2000000000/retry',
    allowed: 404,
  },
  // Each member's own: notifications, preferences, push, calendar, their profile.
  { call: 'GET /api/notifications', gate: 'member', scope: 'own' },
  { call: 'GET /api/notifications/unread-count', gate: 'member', scope: 'own' },
  { call: 'POST /api/notifications/read', gate: 'member', scope: 'own', body: () => ({ ids: [2_000_000_000] }) },
  { call: 'GET /api/notifications/preferences', gate: 'member', scope: 'own' },
  {
    call: 'PUT /api/notifications/preferences',
    gate: 'member',
    scope: 'own',
    body: () => ({ digestTime: '08:00', timeZone: 'UTC', kinds: { maintenance: ['inapp'], lowStock: [], weeklyReport: [] } }),
  },
  { call: 'GET /api/push/public-key', gate: 'member', scope: 'own' },
  { call: 'POST /api/calendar/token', gate: 'member', scope: 'own' },
  { call: 'GET /api/user/me', gate: 'member', scope: 'own' },
  // Accounts and members.
  { call: 'GET /api/accounts', gate: 'member', scope: 'own' },
  { call: 'GET /api/user/invitations', gate: 'member', scope: 'own' },
  { call: 'PUT /api/accounts/:accountId', gate: 'account.manage', scope: 'record', body: () => ({ name: 'Matrix Yard' }) },
  // The owner passes the policy and is stopped by the confirmation: the account stays.
  { call: 'DELETE /api/accounts/:accountId', gate: 'account.manage', scope: 'record', body: () => ({ confirmName: 'not the name' }), allowed: 400 },
  // Preferences (issue 34): every member their own; the account's defaults with PUT /api/accounts/:accountId {defaults} (preferences.e2e-spec).
  { call: 'GET /api/accounts/:accountId', gate: 'member', scope: 'record' },
  { call: 'GET /api/user/preferences', gate: 'member', scope: 'own' },
  { call: 'PUT /api/user/preferences', gate: 'member', scope: 'own', body: () => ({ theme: 'system' }) },
  { call: 'GET /api/accounts/:accountId/members', gate: 'members.manage', scope: 'record' },
  {
    call: 'PUT /api/accounts/:accountId/members/:userId',
    gate: 'members.manage',
    scope: 'record',
    path: (c) => `/api/accounts/${c.accountId}/members/${c.spareUserId}`,
    body: () => ({ role: 'viewer' }),
  },
  {
    call: 'DELETE /api/accounts/:accountId/members/:userId',
    gate: 'members.manage',
    scope: 'record',
    fresh: 'member',
    path: (c) => `/api/accounts/${c.accountId}/members/${c.spareUserId}`,
  },
  { call: 'GET /api/accounts/:accountId/invitations', gate: 'members.manage', scope: 'record' },
  {
    call: 'POST /api/accounts/:accountId/invitations',
    gate: 'members.manage',
    scope: 'record',
    body: (_c, who) => ({ email: `matrix-${who}-${Date.now().toString(36)}@wrenchlog.test`, role: 'viewer' }),
  },
  {
    call: 'DELETE /api/accounts/:accountId/invitations/:invitationId',
    gate: 'members.manage',
    scope: 'record',
    fresh: 'invitation',
    path: (c) => `/api/accounts/${c.accountId}/invitations/${c.invitationId}`,
  },
  // Personal API tokens (issue 33): every member makes their own; owners and managers see and revoke
  // every token of the account, the others only their own (the owner's fresh token: 404 to them).
  { call: 'GET /api/tokens', gate: 'member', scope: 'own' },
  { call: 'POST /api/tokens', gate: 'member', scope: 'own', body: () => ({ name: 'Matrix script', scopes: ['read'] }) },
  {
    call: 'DELETE /api/tokens/:tokenId',
    gate: 'members.manage',
    scope: 'record',
    fresh: 'token',
    except: { mechanic: 404, operator: 404, viewer: 404 },
  },
  // Issues and work orders (issue 35): an operator reports issues on their machines and sees no work order.
  { call: 'GET /api/machines/:machineId/issues', gate: 'issue.read', scope: 'record' },
  { call: 'POST /api/machines/:machineId/issues', gate: 'issue.report', scope: 'record', body: () => ({ title: 'Matrix leak', priority: 'low' }) },
  { call: 'GET /api/issues', gate: 'issue.read', scope: 'own' },
  { call: 'GET /api/issues/:issueId', gate: 'issue.read', scope: 'record' },
  { call: 'PUT /api/issues/:issueId', gate: 'issue.write', scope: 'record', body: () => ({ title: 'Matrix leak', priority: 'high' }) },
  { call: 'DELETE /api/issues/:issueId', gate: 'issue.write', scope: 'record', fresh: 'issue' },
  { call: 'POST /api/issues/:issueId/resolve', gate: 'issue.write', scope: 'record', fresh: 'issue', body: () => ({ note: 'Fixed' }) },
  { call: 'POST /api/issues/:issueId/close', gate: 'issue.write', scope: 'record', fresh: 'issue', body: () => ({ reason: 'Not a fault' }) },
  // An issue's photos: added by whoever may report (while it is open), removed by their uploader or with issue.write.
  { call: 'GET /api/issues/:issueId/images', gate: 'issue.read', scope: 'record' },
  { call: 'POST /api/issues/:issueId/images', gate: 'issue.report', scope: 'record', upload: 'image', fresh: 'issue' },
  { call: 'DELETE /api/issues/:issueId/images', gate: 'issue.report', scope: 'record', body: () => [2_000_000_000] },
  { call: 'POST /api/work-orders', gate: 'workorder.write', scope: 'record', body: (c) => ({ machineId: c.machineId, title: 'Matrix job' }) },
  { call: 'GET /api/work-orders', gate: 'workorder.read', scope: 'own' },
  // Across the caller's accounts: any member (an operator's list holds only what other accounts' roles let them read).
  { call: 'GET /api/my-work', gate: 'member', scope: 'own' },
  { call: 'GET /api/work-orders/:workOrderId', gate: 'workorder.read', scope: 'record' },
  { call: 'PUT /api/work-orders/:workOrderId', gate: 'workorder.write', scope: 'record', body: () => ({ title: 'Matrix job', priority: 'high' }) },
  { call: 'DELETE /api/work-orders/:workOrderId', gate: 'workorder.write', scope: 'record', fresh: 'workOrder' },
  {
    call: 'POST /api/work-orders/:workOrderId/lines',
    gate: 'workorder.write',
    scope: 'record',
    body: () => ({ kind: 'other', description: 'Matrix part', cost: 1 }),
  },
  {
    call: 'PUT /api/work-orders/:workOrderId/lines/:lineId',
    gate: 'workorder.write',
    scope: 'record',
    body: () => ({ kind: 'labour', hours: 1, rate: 50 }),
  },
  { call: 'DELETE /api/work-orders/:workOrderId/lines/:lineId', gate: 'workorder.write', scope: 'record', fresh: 'workOrder' },
  {
    call: 'POST /api/work-orders/:workOrderId/complete',
    gate: 'workorder.write',
    scope: 'record',
    fresh: 'workOrder',
    body: () => ({ completedAt: new Date().toISOString().slice(0, 10) }),
  },
  { call: 'POST /api/work-orders/:workOrderId/reopen', gate: 'workorder.write', scope: 'record', fresh: 'doneOrder' },
  // Inspections (issue 35): every role reads, all but viewers inspect, owners and managers keep the forms.
  { call: 'GET /api/inspection-forms', gate: 'inspection.read', scope: 'own' },
  { call: 'POST /api/inspection-forms', gate: 'inspectionform.write', scope: 'own', body: () => inspectionFormBody() },
  { call: 'GET /api/inspection-forms/:formId', gate: 'inspection.read', scope: 'record' },
  { call: 'PUT /api/inspection-forms/:formId', gate: 'inspectionform.write', scope: 'record', body: () => inspectionFormBody() },
  { call: 'DELETE /api/inspection-forms/:formId', gate: 'inspectionform.write', scope: 'record', fresh: 'form' },
  { call: 'POST /api/machines/:machineId/inspections', gate: 'inspection.write', scope: 'record', body: (c) => inspectionBody(c.formId) },
  { call: 'GET /api/machines/:machineId/inspections', gate: 'inspection.read', scope: 'record' },
  { call: 'GET /api/inspections/due', gate: 'inspection.read', scope: 'own' },
  { call: 'GET /api/inspections/:inspectionId', gate: 'inspection.read', scope: 'record' },
  { call: 'GET /api/inspections/:inspectionId.pdf', gate: 'inspection.read', scope: 'record' },
  // Job templates (issue 35): read with the work orders, kept by whoever writes them.
  { call: 'GET /api/job-templates', gate: 'workorder.read', scope: 'own' },
  { call: 'POST /api/job-templates', gate: 'workorder.write', scope: 'own', body: () => jobTemplateBody() },
  { call: 'GET /api/job-templates/:templateId', gate: 'workorder.read', scope: 'record' },
  { call: 'PUT /api/job-templates/:templateId', gate: 'workorder.write', scope: 'record', body: () => jobTemplateBody() },
  { call: 'DELETE /api/job-templates/:templateId', gate: 'workorder.write', scope: 'record', fresh: 'template' },
  // Administrators only.
  { call: 'GET /api/admin/users', gate: 'admin', scope: 'own' },
  { call: 'GET /api/admin/contacts', gate: 'admin', scope: 'own' },
  { call: 'GET /api/admin/jobs', gate: 'admin', scope: 'own' },
  { call: 'POST /api/admin/jobs/:id/run', gate: 'admin', scope: 'own', path: () => '/api/admin/jobs/4/run', body: () => ({}) },
  { call: 'PUT /api/admin/users/:id', gate: 'admin', scope: 'own', path: (c) => `/api/admin/users/${c.spareUserId}`, body: () => ({ name: 'x' }) },
  { call: 'PUT /api/admin/approve/:id', gate: 'admin', scope: 'own', path: (c) => `/api/admin/approve/${c.spareUserId}` },
  { call: 'GET /api/admin/reports/rebuild', gate: 'admin', scope: 'own' },
  { call: 'POST /api/admin/reports/rebuild', gate: 'admin', scope: 'own' },
  { call: 'POST /api/admin/images/backfill-sizes', gate: 'admin', scope: 'own' },
  { call: 'GET /api/admin/accounts', gate: 'admin', scope: 'own' },
  { call: 'GET /api/analytics/pageviews/by-page', gate: 'admin', scope: 'own' },
  { call: 'GET /api/analytics/pageviews/daily', gate: 'admin', scope: 'own' },
  { call: 'GET /api/analytics/pageviews/recent', gate: 'admin', scope: 'own' },
  { call: 'GET /api/analytics/pageviews/since/minutes', gate: 'admin', scope: 'own' },
  { call: 'GET /api/analytics/pageviews/since/minutes/:minutes', gate: 'admin', scope: 'own', path: () => '/api/analytics/pageviews/since/minutes/5' },
];

/**
 * Reads of machine C, which the operator is not assigned to: not disclosed to them (404), while
 * the mechanic, assigned to every machine, sees it.
 */
export const UNASSIGNED_ROWS: Row[] = [
  { call: 'GET /api/machines/?machineId=:otherMachineId', gate: 'machine.read', scope: 'record', except: { operator: 404 } },
  { call: 'GET /api/machines/:otherMachineId/meters', gate: 'meter.read', scope: 'record', except: { operator: 404 } },
  { call: 'GET /api/machines/:otherMachineId/schedules', gate: 'schedule.read', scope: 'record', except: { operator: 404 } },
  { call: 'GET /api/machines/:otherMachineId/issues', gate: 'issue.read', scope: 'record', except: { operator: 404 } },
  {
    call: 'POST /api/machines/:otherMachineId/issues',
    gate: 'issue.report',
    scope: 'record',
    except: { operator: 404 },
    body: () => ({ title: 'Matrix leak', priority: 'low' }),
  },
  { call: 'GET /api/machines/:otherMachineId/inspections', gate: 'inspection.read', scope: 'record', except: { operator: 404 } },
  {
    call: 'POST /api/machines/:otherMachineId/inspections',
    gate: 'inspection.write',
    scope: 'record',
    except: { operator: 404 },
    body: (c) => inspectionBody(c.formId),
  },
  {
    call: 'POST /api/fuel-records',
    gate: 'fuel.write',
    scope: 'record',
    except: { operator: 404 },
    body: (c) => fuelBody(hostile({ ...c, machineId: c.otherMachineId })),
  },
];

/** Routes outside the matrix: no member is asked anything, or a suite of its own tries them (named). */
export const NOT_IN_MATRIX: Record<string, string> = {
  'GET /api/health': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/public-config': 'public',
  'GET /api/root/githash': 'public',
  'GET /api/root/greeting': 'public',
  'POST /api/root/securepost': 'the spec test post, stores nothing',
  'POST /api/root/unsecuredpost': 'the spec test post, stores nothing',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'the refresh cookie',
  'POST /api/auth/refresh': 'the refresh cookie',
  'POST /api/auth/change-password': 'the caller as a person: auth.e2e-spec',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/set-password': 'public, a mailed token',
  'POST /api/admin/createuser': 'public signup',
  'POST /api/contact': 'public',
  'POST /api/sales-contacts': 'public',
  'POST /api/analytics/pageview': 'public',
  'PUT /api/user/me': 'the caller as a person: account.e2e-spec',
  'POST /api/accounts': 'makes an account of the caller: accounts.e2e-spec',
  'POST /api/accounts/:accountId/leave': 'the caller leaves: accounts.e2e-spec',
  'POST /api/auth/switch-account': 'the refresh cookie: accounts.e2e-spec',
  'POST /api/user/invitations/:id/accept': "the invited person's: accounts.e2e-spec",
  'GET /api/invitations/:token': 'public, the link is the credential: accounts.e2e-spec',
  'POST /api/invitations/:token/accept': 'the link is the credential: accounts.e2e-spec',
  'POST /api/push/subscriptions': "the member's browser: notifications-push.e2e-spec",
  'DELETE /api/push/subscriptions': "the member's browser: notifications-push.e2e-spec",
  'POST /api/push/test': "the member's browser: notifications-push.e2e-spec",
  'GET /api/calendar/:file': 'a signed feed token: notifications-calendar.e2e-spec',
  'GET /api/exports/files/:dir/:file': 'a signed file URL: exports.e2e-spec',
  'GET /api/documents/files/:dir/:file': 'a signed file URL: documents.e2e-spec',
  'GET /api/images/:dir/:file': 'a signed file URL: images.e2e-spec',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
};
