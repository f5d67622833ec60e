/** Why a whole file is refused (not a CSV, empty, over a limit): one clear message, nothing read from it. */
export type ImportFileErrorCode =
  'NOT_CSV' | 'EMPTY' | 'HEADER_ONLY' | 'TOO_LARGE' | 'TOO_MANY_ROWS' | 'TOO_MANY_COLUMNS' | 'BAD_ENCODING' | 'MALFORMED' | 'WRONG_SOURCE' | 'BAD_MAPPING';

export class ImportFileError extends Error {
  constructor(
    readonly code: ImportFileErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ImportFileError';
  }
}
