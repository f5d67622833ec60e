import { ApiError } from '../../api/client';
import { serverFieldErrors, unplacedMessages } from './server-errors';

describe('serverFieldErrors', () => {
  it("reads a 400's field messages, the first per field", () => {
    const err = new ApiError(400, {
      statusCode: 400,
      code: 'VALIDATION',
      message: 'Name must be at most 120 characters; Year must be 2027 or earlier',
      errors: [
        { field: 'name', message: 'Name must be at most 120 characters' },
        { field: 'year', message: 'Year must be 2027 or earlier' },
        { field: 'year', message: 'second' },
      ],
    } as never);
    expect(serverFieldErrors(err)).toEqual({ name: 'Name must be at most 120 characters', year: 'Year must be 2027 or earlier' });
  });

  it('answers nothing for a server or network failure', () => {
    expect(serverFieldErrors(new ApiError(500, { message: 'boom', errors: [{ field: 'name', message: 'x' }] } as never))).toEqual({});
    expect(serverFieldErrors(new TypeError('Failed to fetch'))).toEqual({});
  });

  it('lists the messages no input shows', () => {
    expect(unplacedMessages({ name: 'a', vin: 'b' }, ['name'])).toEqual(['b']);
  });
});
