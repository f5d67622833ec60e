import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ReorderInput } from './reorder.contract.js';

const messages = (body: object): string[] =>
  validateSync(plainToInstance(ReorderInput, body, { enableImplicitConversion: true }), { whitelist: true }).flatMap((e) => Object.values(e.constraints ?? {}));

describe('ReorderInput', () => {
  it('accepts a list of supplier ids', () => {
    expect(messages({ supplierIds: [3, 4] })).toEqual([]);
  });

  it('asks for at least one supplier, and refuses a list that is not one', () => {
    for (const body of [{}, { supplierIds: [] }, { supplierIds: 5 }, { supplierIds: '   ' }]) {
      expect(messages(body)).toContain('Choose at least one supplier');
    }
  });

  it('refuses an id that is not a whole number from 1 to 2^31-1, written as a number', () => {
    for (const id of ['1', 0, -1, 1.5, 2 ** 31, null]) {
      expect(messages({ supplierIds: [id] })).toContain('Each supplier must be one of your suppliers');
    }
  });

  it('refuses more than 100 suppliers at once', () => {
    expect(messages({ supplierIds: Array.from({ length: 101 }, (_, i) => i + 1) })).toContain('At most 100 suppliers at once');
  });
});
