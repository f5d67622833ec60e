import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';

// The dry run checks a row with the very DTO class and options the gateway's ValidationPipe uses
// (apps/gateway/src/http/validation.ts: whitelist, no implicit conversion), so a row that passes
// review cannot fail at import for a validation reason.

// Missing before wrong type before out of range, as the gateway reports them.
function priority(rule: string): number {
  if (rule === 'isDefined' || rule === 'isNotEmpty' || rule === 'isNotBlank') {
    return 0;
  }
  return rule.startsWith('is') ? 1 : 2;
}

export interface FieldProblem {
  field: string;
  message: string;
}

/** The first broken rule of each field of `plain` against `dto`, as the API would answer them. */
export async function validateAs<T extends object>(dto: ClassConstructor<T>, plain: object): Promise<FieldProblem[]> {
  const instance = plainToInstance(dto, plain, { enableImplicitConversion: false });
  const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: false, validationError: { target: false, value: false } });
  return flatten(errors);
}

function flatten(errors: ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const first = Object.entries(e.constraints ?? {}).sort(([a], [b]) => priority(a) - priority(b))[0];
    return [...(first ? [{ field, message: first[1] }] : []), ...flatten(e.children ?? [], field)];
  });
}

/** Generic messages ('This field is required', 'Value must be at least 0.1') get the field's label in front. */
export const withLabel = (label: string, message: string): string => (/^(This field|Value must)/.test(message) ? `${label}: ${message}` : message);
