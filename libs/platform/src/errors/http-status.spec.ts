import { ErrorCode } from '@wrenchlog/contracts';
import { codeForHttpStatus, httpStatusFor } from './http-status.js';

describe(httpStatusFor.name, () => {
  it.each([
    [ErrorCode.Validation, 400],
    [ErrorCode.BadRequest, 400],
    [ErrorCode.Unauthorized, 401],
    [ErrorCode.AccountPending, 403],
    [ErrorCode.Forbidden, 403],
    [ErrorCode.NotFound, 404],
    [ErrorCode.Conflict, 409],
    [ErrorCode.Unprocessable, 422],
    [ErrorCode.MeterOutOfSequence, 422],
    [ErrorCode.PayloadTooLarge, 413],
    [ErrorCode.UnsupportedMediaType, 415],
    [ErrorCode.RateLimited, 429],
    [ErrorCode.Unavailable, 503],
    [ErrorCode.Internal, 500],
  ])('maps %s to %i', (code, status) => {
    expect(httpStatusFor(code)).toBe(status);
  });

  it('has a status for every code', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(httpStatusFor(code)).toBeGreaterThanOrEqual(400);
    }
  });

  it('maps framework statuses back to codes', () => {
    expect(codeForHttpStatus(413)).toBe(ErrorCode.PayloadTooLarge);
    expect(codeForHttpStatus(404)).toBe(ErrorCode.NotFound);
    expect(codeForHttpStatus(502)).toBe(ErrorCode.Internal);
  });
});
