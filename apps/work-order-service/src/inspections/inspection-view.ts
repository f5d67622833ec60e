import type { Inspection, InspectionAnswer, InspectionForm, InspectionItem } from '@wrenchlog/contracts';
import { BUILT_IN_ACCOUNT, type InspectionFormEntity } from './inspection-form.entity.js';
import type { InspectionEntity } from './inspection.entity.js';

/** A form as every read answers it (createdBy and updatedBy come from MemberDirectory). */
export function formView(row: InspectionFormEntity): Omit<InspectionForm, 'createdBy' | 'updatedBy'> {
  return {
    id: row.id,
    name: row.name,
    machineType: row.machineType,
    frequency: row.frequency,
    builtIn: row.accountId === BUILT_IN_ACCOUNT,
    items: JSON.parse(row.items) as InspectionItem[],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An inspection as its reads answer it, with the issues its failed items opened. */
export function inspectionView(row: InspectionEntity, machineName: string | null, issueIds: number[]): Omit<Inspection, 'createdBy' | 'updatedBy'> {
  return {
    id: row.id,
    machineId: row.machineId,
    machineName,
    formId: row.formId,
    formName: row.formName,
    readAt: row.readAt,
    meters: row.meterDistance === null && row.meterHours === null ? null : { distance: row.meterDistance, hours: row.meterHours },
    items: JSON.parse(row.items) as InspectionAnswer[],
    failedCount: row.failedCount,
    signedBy: row.signedBy,
    issueIds,
    createdAt: row.createdAt.toISOString(),
  };
}
