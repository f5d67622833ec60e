/** The largest id: ids are 32-bit signed integers in both databases. */
export const MAX_ID = 2_147_483_647;

const PLAIN_ID = /^[1-9][0-9]{0,9}$/;

/**
 * The one id parser of the gateway's path pipe and the services (issue 25, item 10): a whole
 * number from 1 to 2^31 - 1, given as a number or as its plain decimal digits (no sign, spaces,
 * leading zeros, hex or exponent). Anything else is undefined.
 */
export function parseId(value: unknown): number | undefined {
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 1 && value <= MAX_ID ? value : undefined;
  }
  if (typeof value === 'string' && PLAIN_ID.test(value)) {
    const id = Number(value);
    return id <= MAX_ID ? id : undefined;
  }
  return undefined;
}

/** True for a number `parseId` accepts (ids inside RPC payloads are numbers already). */
export const isValidId = (value: unknown): value is number => typeof value === 'number' && parseId(value) !== undefined;
