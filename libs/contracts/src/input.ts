import { Transform } from 'class-transformer';
import { registerDecorator, ValidateIf, type ValidationOptions } from 'class-validator';

// Input helpers shared by the DTOs (issue 25). The gateway's ValidationPipe converts nothing by
// itself: strings stay strings and numbers numbers, so each conversion a call needs is written here.

type TransformArgs = { value: unknown; obj: Record<string, unknown>; key: string };

/** Trims a string (whitespace-only text then fails IsNotEmpty: "trim, then require"). */
export const Trimmed = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** '' (after trimming) and null mean "not given", so a required field reports "X is required". */
export const EmptyIsMissing = () =>
  Transform(({ value, obj, key }: TransformArgs) => {
    const raw = obj[key];
    return raw === null || (typeof raw === 'string' && raw.trim() === '') ? undefined : value;
  });

const DECIMAL_INTEGER = /^-?[0-9]{1,15}$/;

/**
 * A whole number from a query string, read strictly as decimal digits ('0x1F', '1e3', ' 1' and
 * '1.0' stay strings and fail the field's IsInt).
 */
export const QueryInt = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' && DECIMAL_INTEGER.test(value) ? Number(value) : value));

const DECIMAL_NUMBER = /^-?[0-9]{1,15}(\.[0-9]{1,15})?$/;

/**
 * A number that a form may send as its text ('19.90'), read strictly as decimal: only where the
 * spec's web app sends one (the service record form). '0x1F', '1e3', ' 1' stay text and fail.
 */
export const DecimalText = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && DECIMAL_NUMBER.test(value) ? Number(value) : value));

/**
 * A finite number with at most `places` decimals. class-validator's IsNumber({maxDecimalPlaces})
 * reads the decimals from `String(value)`, which throws on 1e-7 ('1e-7' has no '.'): issue 25.
 */
export function IsDecimal(places: number, options?: ValidationOptions) {
  return (target: object, property: string) =>
    registerDecorator({
      name: 'isNumber',
      target: target.constructor,
      propertyName: property,
      options,
      validator: { validate: (value: unknown) => hasAtMostDecimals(value, places) },
    });
}

/** True for a finite number whose shortest decimal form has at most `places` decimals. */
export function hasAtMostDecimals(value: unknown, places: number): boolean {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return false;
  }
  const text = String(value);
  const exponent = text.indexOf('e');
  if (exponent >= 0) {
    // 1.5e-7 has 8 decimals (1 + 7); 1e+21 has none.
    const mantissa = text.slice(0, exponent);
    const power = Number(text.slice(exponent + 1));
    const mantissaPlaces = mantissa.includes('.') ? mantissa.length - mantissa.indexOf('.') - 1 : 0;
    return Math.max(0, mantissaPlaces - power) <= places;
  }
  const dot = text.indexOf('.');
  return dot < 0 || text.length - dot - 1 <= places;
}

/**
 * An optional field that, when sent, must hold a value: undefined skips the field's rules, null
 * does not (IsOptional skips both, so `"label": null` reached the service as null: issue 36).
 */
export const OmittableNotNull = () => ValidateIf((_obj: object, value: unknown) => value !== undefined);

/** Single-line text: no control characters (NUL, line breaks, tabs, DEL), which a name never holds. */
export function IsSingleLine(options?: ValidationOptions) {
  return (target: object, property: string) =>
    registerDecorator({
      name: 'isSingleLine',
      target: target.constructor,
      propertyName: property,
      options,
      // eslint-disable-next-line no-control-regex
      validator: { validate: (value: unknown) => typeof value !== 'string' || !/[\u0000-\u001f\u007f]/.test(value) },
    });
}
