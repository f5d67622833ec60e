import type { Issue, WorkOrder } from './work-api';

export function anIssue(over: Partial<Issue> = {}): Issue {
  return {
    id: 1,
    machineId: 7,
    machineName: 'Loader',
    title: 'Hydraulic leak',
    description: null,
    priority: 'medium',
    status: 'open',
    outOfService: false,
    workOrderId: null,
    inspectionId: null,
    resolutionNote: null,
    closeReason: null,
    resolvedAt: null,
    createdAt: '2026-11-20T08:30:00Z',
    updatedAt: '2026-11-20T08:30:00Z',
    createdBy: { id: 2, name: 'Otto Operator' },
    updatedBy: null,
    ...over,
  };
}

export function aWorkOrder(over: Partial<WorkOrder> = {}): WorkOrder {
  return {
    id: 5,
    machineId: 7,
    machineName: 'Loader',
    title: '250-hour service',
    state: 'open',
    priority: 'medium',
    assignee: null,
    vendorSupplierId: null,
    plannedDate: null,
    notes: null,
    scheduleIds: [],
    issueIds: [],
    lines: [],
    steps: [],
    totals: { labour: 0, parts: 0, other: 0, total: 0 },
    serviceRecordId: null,
    completedAt: null,
    completionMeters: null,
    createdAt: '2026-11-20T08:30:00Z',
    updatedAt: '2026-11-20T08:30:00Z',
    createdBy: null,
    updatedBy: null,
    ...over,
  };
}

export const pageOf = <T>(content: T[]) => ({ content, totalPages: 1, totalElements: content.length, number: 0, size: 100 });
