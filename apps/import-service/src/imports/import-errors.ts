import { ErrorCode } from '@wrenchlog/contracts';
import { ImportFileError } from '@wrenchlog/importers';
import { DomainError } from '@wrenchlog/platform';

/** A refused file as the API answers it: 415 not a CSV, 413 over a limit, else 400 with the field. */
export function toDomainError(error: ImportFileError): DomainError {
  switch (error.code) {
    case 'NOT_CSV':
      return new DomainError(ErrorCode.UnsupportedMediaType, error.message);
    case 'TOO_LARGE':
    case 'TOO_MANY_ROWS':
    case 'TOO_MANY_COLUMNS':
      return new DomainError(ErrorCode.PayloadTooLarge, error.message);
    case 'BAD_MAPPING':
      return new DomainError(ErrorCode.Validation, error.message, [{ field: 'mapping', message: error.message }]);
    case 'EMPTY':
    case 'HEADER_ONLY':
    case 'BAD_ENCODING':
    case 'MALFORMED':
    case 'WRONG_SOURCE':
      return new DomainError(ErrorCode.Validation, error.message, [{ field: 'file', message: error.message }]);
  }
}

/** Runs `work`, turning the library's refusals into the API's errors. */
export async function asDomain<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof ImportFileError ? toDomainError(error) : error;
  }
}
