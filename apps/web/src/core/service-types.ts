/** Spec doc 1 section 2: the service types, in the spec's order (the service record form and the schedules offer them). */
export const SERVICE_TYPES = ['Inspection', 'Maintenance', 'Repair', 'Adjustments', 'Customization', 'Modification', 'Upgrade', 'Service'];
