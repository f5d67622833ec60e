import type { Inspection, InspectionForm } from '@wrenchlog/contracts';

// Answers as the server gives them (issue 35), for the screens' tests.
export const walkAround: InspectionForm = {
  id: 2,
  name: 'Daily walk-around (excavator, loader)',
  machineType: 'Excavator',
  frequency: 'daily',
  builtIn: true,
  items: [
    { id: 'coolant', label: 'Coolant level', kind: 'pass_fail', required: true, min: null, max: null },
    { id: 'track-sag', label: 'Track sag (in), 1 to 2', kind: 'number', required: true, min: 1, max: 2 },
    { id: 'remarks', label: 'Remarks', kind: 'text', required: false, min: null, max: null },
  ],
  createdBy: null,
  updatedBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export const mowerCheck: InspectionForm = { ...walkAround, id: 3, name: 'Mower pre-use check', machineType: 'Mower', items: [walkAround.items[0]!] };

export function anInspection(over: Partial<Inspection> = {}): Inspection {
  return {
    id: 40,
    machineId: 7,
    machineName: 'CAT 320',
    formId: 2,
    formName: walkAround.name,
    readAt: '2026-11-20',
    meters: { distance: null, hours: 812 },
    items: [
      {
        itemId: 'coolant',
        label: 'Coolant level',
        kind: 'pass_fail',
        required: true,
        min: null,
        max: null,
        result: 'pass',
        note: null,
        value: null,
        failed: false,
      },
      {
        itemId: 'track-sag',
        label: 'Track sag (in), 1 to 2',
        kind: 'number',
        required: true,
        min: 1,
        max: 2,
        result: 'fail',
        note: 'Slack',
        value: 2.5,
        failed: true,
      },
    ],
    failedCount: 1,
    signedBy: 'Otto Operator',
    issueIds: [91],
    createdBy: { id: 3, name: 'Otto Operator' },
    updatedBy: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    ...over,
  };
}
