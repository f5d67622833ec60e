// Form messages shared by the fuel and inventory contracts (not re-exported from the package index,
// so their short names cannot clash with another context's exports).

/** The spec's generic messages (section 5) where it gives no specific one. */
export const FIELD_REQUIRED = 'This field is required';
export const atLeast = (min: number) => `Value must be at least ${min}`;
export const atMost = (max: number) => `Value must be at most ${max}`;
export const decimals = (places: number) => `Value must have at most ${places} decimal places`;
