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
 * DTO validation with the spec's messages. Unknown and computed fields are stripped, never an
 * error, so an update accepts the object a read returned.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    transformOptions: { enableImplicitConversion: true },
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
