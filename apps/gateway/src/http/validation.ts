import { ValidationPipe, type ValidationError } from '@nestjs/common';
import type { FieldError } from '@wrenchlog/contracts';
import { validationFailed } from '@wrenchlog/platform';

// Which broken rule a field reports first: missing before wrong type before out of range, so an
// empty field says 'Name is required' whatever order its decorators were written in.
function priority(rule: string): number {
  if (rule === 'isDefined' || rule === 'isNotEmpty' || rule === 'isNotBlank') {
    return 0;
  }
  return rule.startsWith('is') ? 1 : 2;
}

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.entries(e.constraints ?? {})
      .sort(([a], [b]) => priority(a) - priority(b))
      .map(([, message]) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/**
 * Leaves path and query values as the text they came as. The stock pipe turned `@Param('id') id: number`
 * into `+value` before the id pipe ran, so '0x1F', '1e3' and ' 1' reached it as 31, 1000 and 1 (issue 25).
 */
class StrictValidationPipe extends ValidationPipe {
  protected override transformPrimitive(value: unknown): unknown {
    return value;
  }
}

/**
 * DTO validation with the spec's messages. Unknown and computed fields are stripped, never an
 * error, so an update accepts the object a read returned. No implicit conversion: it turned
 * {"$gt":""} into '[object Object]', '0x7DA' into 2010 and 'false' into true (issue 25). Strings stay
 * strings and numbers numbers; the conversions a call needs are the DTOs' own (`QueryInt`, `Trimmed`).
 */
export function createValidationPipe(): ValidationPipe {
  return new StrictValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      // One message per field, in field order: the first rule each field broke.
      const firstPerField = new Map<string, FieldError>();
      for (const f of flatten(errors)) {
        if (!firstPerField.has(f.field)) {
          firstPerField.set(f.field, f);
        }
      }
      const fields = [...firstPerField.values()];
      return validationFailed(fields.map((f) => f.message).join('; ') || 'Invalid request', fields);
    },
  });
}
