import { ValidationPipe } from '@nestjs/common';
import { INPUT_TRANSFORM, INPUT_VALIDATION, inputError } from '@wrenchlog/platform';

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
 * DTO validation with the spec's messages, the same rules and messages a service applies on
 * receipt (`validInput` in libs/platform). Unknown and computed fields are stripped, never an
 * error, so an update accepts the object a read returned. No implicit conversion: it turned
 * {"$gt":""} into '[object Object]', '0x7DA' into 2010 and 'false' into true (issue 25). Strings stay
 * strings and numbers numbers; the conversions a call needs are the DTOs' own (`QueryInt`, `Trimmed`).
 */
export function createValidationPipe(): ValidationPipe {
  return new StrictValidationPipe({
    transform: true,
    ...INPUT_VALIDATION,
    transformOptions: INPUT_TRANSFORM,
    exceptionFactory: inputError,
  });
}
