import { IdPipe } from './id.pipe.js';

describe(IdPipe.name, () => {
  it('reads a whole number above 0 as a number', () => {
    expect(new IdPipe().transform('42')).toBe(42);
    expect(new IdPipe().transform('2147483647')).toBe(2_147_483_647);
  });

  it.each(['0', '-1', '1.5', 'abc', '1e3', '', ' 7', '2147483648', '99999999999'])('refuses %p with a 400', (value) => {
    expect(() => new IdPipe().transform(value)).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
  });

  it("answers the call's own message and field", () => {
    expect(() => new IdPipe('Invalid service record ID', 'machineId').transform('x')).toThrow(
      expect.objectContaining({ message: 'Invalid service record ID', details: [{ field: 'machineId', message: 'Invalid service record ID' }] }),
    );
  });
});
