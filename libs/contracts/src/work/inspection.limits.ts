// Inspections (issue 35): checklists per machine type, done on a machine, a failed item opening an
// issue. Shared by the contracts' DTOs, work-order-service's rules and the web app.

export const INSPECTION_ITEM_KINDS = ['pass_fail', 'number', 'text'] as const;
export type InspectionItemKind = (typeof INSPECTION_ITEM_KINDS)[number];

export const INSPECTION_RESULTS = ['pass', 'fail', 'na'] as const;
export type InspectionResult = (typeof INSPECTION_RESULTS)[number];

/** `daily`: every day the machine is used; `weekly`; null: whenever someone chooses to. */
export const INSPECTION_FREQUENCIES = ['daily', 'weekly'] as const;
export type InspectionFrequency = (typeof INSPECTION_FREQUENCIES)[number];

export const InspectionLimits = {
  name: 120,
  machineType: 60,
  items: 100,
  itemId: 40,
  label: 200,
  note: 2000,
  signedBy: 120,
  /** A number item's value and range. */
  value: 999_999_999,
  /** The machine's inspections answered by one read. */
  machineList: 200,
} as const;

export const InspectionMessages = {
  invalidFormId: 'Invalid inspection form ID',
  formNotFound: 'Inspection form not found',
  invalidInspectionId: 'Invalid inspection ID',
  inspectionNotFound: 'Inspection not found',
  builtInReadOnly: 'A built-in form cannot be changed or deleted: copy it and change the copy',
  name: `Name is required, at most ${InspectionLimits.name} characters`,
  machineType: `Machine type must be text of at most ${InspectionLimits.machineType} characters`,
  frequency: `Frequency must be one of ${INSPECTION_FREQUENCIES.join(', ')}, or null`,
  items: `A form needs from 1 to ${InspectionLimits.items} items`,
  itemId: `Each item needs an id of at most ${InspectionLimits.itemId} letters, digits, - or _`,
  itemIdsUnique: 'Item ids must be unique within the form',
  label: `Each item needs a label of at most ${InspectionLimits.label} characters`,
  kind: `Kind must be one of ${INSPECTION_ITEM_KINDS.join(', ')}`,
  required: 'Required must be true or false',
  range: `Min and max must be numbers from -${InspectionLimits.value} to ${InspectionLimits.value}`,
  minOverMax: 'Min must not be greater than max',
  rangeOnNumber: 'Only a number item has a min or max',
  formId: 'Form is required',
  readAt: 'Date must be a real date (YYYY-MM-DD)',
  meters: 'Meters must be numbers from 0 to 999999999',
  results: `Items must be a list of at most ${InspectionLimits.items} results`,
  result: `Result must be one of ${INSPECTION_RESULTS.join(', ')}`,
  note: `Note must be text of at most ${InspectionLimits.note} characters`,
  value: `Value must be a number from -${InspectionLimits.value} to ${InspectionLimits.value}`,
  signedBy: `Signed by must be a name of at most ${InspectionLimits.signedBy} characters`,
  unknownItem: 'Unknown item: not on this form',
  duplicateItem: 'An item is answered twice',
  missingRequired: 'Required item not answered',
  numberMissing: 'A number item needs a number',
} as const;
