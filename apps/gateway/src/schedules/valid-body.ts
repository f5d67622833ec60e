import { validationFailed } from '@wrenchlog/platform';
import { createValidationPipe } from '../http/validation.js';

const bodyPipe = createValidationPipe();
const NOT_AN_OBJECT = 'The body must be a JSON object';

/** A JSON object body validated by its DTO (handlers take `unknown`, so an array or nothing gets this message). */
export async function validBody<T extends object>(body: unknown, dto: new () => T): Promise<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationFailed(NOT_AN_OBJECT, [{ field: 'body', message: NOT_AN_OBJECT }]);
  }
  return (await bodyPipe.transform(body, { type: 'body', metatype: dto })) as T;
}
