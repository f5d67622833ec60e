import type { Issue } from '@wrenchlog/contracts';
import type { IssueEntity } from './issue.entity.js';

/** An issue as every read answers it (createdBy and updatedBy come from MemberDirectory). */
export function issueView(row: IssueEntity, machineName: string | null): Omit<Issue, 'createdBy' | 'updatedBy'> {
  return {
    id: row.id,
    machineId: row.machineId,
    machineName,
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: row.status,
    outOfService: row.outOfService,
    meters: row.meterDistance === null && row.meterHours === null ? null : { distance: row.meterDistance, hours: row.meterHours },
    workOrderId: row.workOrderId,
    inspectionId: row.inspectionId,
    resolutionNote: row.resolutionNote,
    closeReason: row.closeReason,
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
