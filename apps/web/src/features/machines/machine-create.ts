export interface MachineCreateValues {
  name: string;
  year: string;
  make: string;
  model: string;
}

export type MachineCreateErrors = Partial<Record<keyof MachineCreateValues, string>>;

/** The machine create rules (spec doc 2 section 5). */
export function validateMachineCreate(values: MachineCreateValues): MachineCreateErrors {
  const errors: MachineCreateErrors = {};
  if (!values.name.trim()) {
    errors.name = 'Name is required';
  }
  const year = values.year.trim();
  if (!year) {
    errors.year = 'Year is required';
  } else if (!/^\d+$/.test(year) || Number(year) < 1900) {
    errors.year = 'Year must be 1900 or later';
  }
  if (!values.make.trim()) {
    errors.make = 'Make is required';
  }
  if (!values.model.trim()) {
    errors.model = 'Model is required';
  }
  return errors;
}
