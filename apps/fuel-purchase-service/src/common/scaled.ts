// Money and measures are stored exactly as integers of a fixed scale and answered as numbers.

/** 12.34 -> 1234 at scale 100. Inputs are validated to the scale's decimals; rounding only removes float noise. */
export const toScaled = (value: number, scale: number): number => Math.round(value * scale);

/** 1234 -> 12.34 at scale 100. */
export const fromScaled = (stored: number, scale: number): number => Number((stored / scale).toFixed(Math.log10(scale)));

export const CENTS = 100;
export const THOUSANDTHS = 1000;

/** An optional text field: blank becomes null so lists and searches see one "empty". */
export const textOrNull = (value: string | null | undefined): string | null => {
  if (value === undefined || value === null) {
    return null;
  }
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** An optional reference where the SPA sends 0 for "none". */
export const refOrNull = (value: number | null | undefined): number | null => (value === undefined || value === null || value === 0 ? null : value);

/** An ISO 8601 instant in UTC, for replies. */
export const iso = (d: Date): string => d.toISOString();

/** LIKE pattern for a case-insensitive substring search; % and _ typed by the user match themselves. */
export const likePattern = (search: string): string =>
  `%${search
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
