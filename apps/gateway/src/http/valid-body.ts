import { validationFailed } from '@wrenchlog/platform';
import { createValidationPipe } from './validation.js';

const bodyPipe = createValidationPipe();
const NOT_AN_OBJECT = 'The body must be a JSON object';

/**
 * A JSON object body validated by its DTO. Handlers take `unknown` so the global pipe lets it
 * through, and a body that is not an object at all (an array, nothing) answers `notAnObject`
 * (the spec's message of the call where it has one) rather than the pipe's generic one.
 */
export async function validBody<T extends object>(body: unknown, dto: new () => T, notAnObject: string = NOT_AN_OBJECT): Promise<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationFailed(notAnObject, [{ field: 'body', message: notAnObject }]);
  }
  return (await bodyPipe.transform(body, { type: 'body', metatype: dto })) as T;
}
