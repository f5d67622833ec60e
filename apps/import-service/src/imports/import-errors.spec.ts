import { ErrorCode } from '@wrenchlog/contracts';
import { ImportFileError } from '@wrenchlog/importers';
import { asDomain, toDomainError } from './import-errors.js';

describe(toDomainError.name, () => {
  it('answers a file that is not a CSV as 415 and one over a limit as 413, with the library message', () => {
    expect(toDomainError(new ImportFileError('NOT_CSV', 'This file is a JPEG image, not a CSV file.'))).toMatchObject({
      code: ErrorCode.UnsupportedMediaType,
      message: 'This file is a JPEG image, not a CSV file.',
    });
    for (const code of ['TOO_LARGE', 'TOO_MANY_ROWS', 'TOO_MANY_COLUMNS'] as const) {
      expect(toDomainError(new ImportFileError(code, 'over'))).toMatchObject({ code: ErrorCode.PayloadTooLarge });
    }
  });

  it('answers the other refusals as 400 naming the field: file, or mapping', () => {
    expect(toDomainError(new ImportFileError('HEADER_ONLY', 'The file has a header but no rows to import.'))).toMatchObject({
      code: ErrorCode.Validation,
      details: [{ field: 'file', message: 'The file has a header but no rows to import.' }],
    });
    expect(toDomainError(new ImportFileError('BAD_MAPPING', "The file has no column 'X'."))).toMatchObject({
      details: [{ field: 'mapping', message: "The file has no column 'X'." }],
    });
  });

  it('lets other errors through unchanged', async () => {
    const other = new Error('disk full');
    await expect(asDomain(() => Promise.reject(other))).rejects.toBe(other);
    await expect(asDomain(() => 42)).resolves.toBe(42);
  });
});
