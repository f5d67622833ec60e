// The work context (issue 35): issues and work orders (work-order-service). Shared by the
// contracts' DTOs, the service's rules and the web app (`@wrenchlog/contracts/limits`).

export const ISSUE_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type IssuePriority = (typeof ISSUE_PRIORITIES)[number];

export const ISSUE_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

export const WORK_ORDER_STATES = ['open', 'in_progress', 'waiting_for_parts', 'done', 'cancelled'] as const;
export type WorkOrderState = (typeof WORK_ORDER_STATES)[number];

export const WORK_ORDER_LINE_KINDS = ['labour', 'part', 'other'] as const;
export type WorkOrderLineKind = (typeof WORK_ORDER_LINE_KINDS)[number];

export const WorkLimits = {
  title: 200,
  description: 4000,
  note: 2000,
  /** Hours of one labour line, and a rate or a cost, in the money of the account. */
  hours: 10_000,
  money: 9_999_999.99,
  quantity: 1_000_000,
  /** Schedules and issues one order may gather. */
  links: 50,
  issuePageSize: 20,
  workOrderPageSize: 50,
} as const;

/** The messages of the work context (field messages of 400s, 404s, 409s). */
export const WorkMessages = {
  invalidMachineId: 'Invalid machine ID',
  machineNotFound: 'Machine not found',
  invalidIssueId: 'Invalid issue ID',
  issueNotFound: 'Issue not found',
  invalidWorkOrderId: 'Invalid work order ID',
  workOrderNotFound: 'Work order not found',
  invalidLineId: 'Invalid line ID',
  lineNotFound: 'Line not found',
  title: 'Title is required',
  titleLength: `Title must be at most ${WorkLimits.title} characters`,
  description: `Description must be text of at most ${WorkLimits.description} characters`,
  priority: `Priority must be one of ${ISSUE_PRIORITIES.join(', ')}`,
  status: `Status must be one or more of ${ISSUE_STATUSES.join(', ')}`,
  state: `State must be one or more of ${WORK_ORDER_STATES.join(', ')}`,
  outOfService: 'Out of service must be true or false',
  note: `Note must be text of at most ${WorkLimits.note} characters`,
  reason: 'Reason is required',
  kind: `Kind must be one of ${WORK_ORDER_LINE_KINDS.join(', ')}`,
  hours: `Hours must be a number from 0 to ${WorkLimits.hours} with at most 2 decimals`,
  rate: `Rate must be a number from 0 to ${WorkLimits.money} with at most 2 decimals`,
  cost: `Cost must be a number from 0 to ${WorkLimits.money} with at most 2 decimals`,
  quantity: `Quantity must be a whole number from 1 to ${WorkLimits.quantity}`,
  partId: 'Part is required',
  partNotFound: 'Part not found',
  userId: 'Invalid user ID',
  assignee: 'Assignee must be a member with the mechanic, manager or owner role who can see the machine',
  lineUser: 'The labour line must name a member of the account',
  scheduleIds: `Schedules must be a list of at most ${WorkLimits.links} schedule IDs`,
  issueIds: `Issues must be a list of at most ${WorkLimits.links} issue IDs`,
  scheduleNotFound: 'Schedule not found on this machine',
  issueNotOnMachine: 'Issue not found on this machine',
  issueTaken: 'The issue is already on another work order, or resolved or closed',
  plannedDate: 'Planned date must be a date (YYYY-MM-DD)',
  completedAt: 'Completed at must be a date (YYYY-MM-DD)',
  meters: 'Meters must be numbers from 0 to 999999999',
  resolveClosed: 'A closed issue cannot be resolved: reopen it by reporting it again',
  resolveResolved: 'The issue is already resolved',
  closeResolved: 'A resolved issue cannot be closed',
  closeClosed: 'The issue is already closed',
  issueOnOrder: 'The issue is on a work order: it is resolved when the order is completed, or remove it from the order',
  orderDone: 'The work order is done: reopen it first',
  orderCancelled: 'The work order is cancelled',
  orderNotDone: 'Only a done work order can be reopened',
  completedTwice: 'The work order is already done',
  completing: 'The work order is being completed: wait until it is done, then reopen it',
  completionCut: 'The completion could not reach every service: it is finished (or undone) by itself shortly, no need to complete it again',
  deleteDone: 'Your role (mechanic) cannot delete a done work order',
  stateDone: 'A work order is done by completing it (POST /api/work-orders/{id}/complete)',
  shortStock: 'Not enough stock',
} as const;
