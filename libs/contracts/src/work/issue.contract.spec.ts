import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { IssueInput } from './issue.contract.js';

const messages = (plain: object): string[] => {
  const flat = (errors: ValidationError[]): string[] => errors.flatMap((e) => [...Object.values(e.constraints ?? {}), ...flat(e.children ?? [])]);
  return flat(validateSync(plainToInstance(IssueInput, plain)));
};

describe(IssueInput.name, () => {
  it('takes an issue with or without the meter values at the time', () => {
    expect(messages({ title: 'Leak', priority: 'high' })).toEqual([]);
    expect(messages({ title: 'Leak', priority: 'high', meters: { distance: 120500, hours: 1250.5 } })).toEqual([]);
  });

  it('refuses a meter value that is negative or not a number, with the field message', () => {
    expect(messages({ title: 'Leak', priority: 'high', meters: { hours: -1 } })).toEqual(['Meters must be numbers from 0 to 999999999']);
    expect(messages({ title: 'Leak', priority: 'high', meters: { distance: 'far' } })).toContain('Meters must be numbers from 0 to 999999999');
    expect(messages({ title: 'Leak', priority: 'high', meters: 5 })).toContain('Meters must be numbers from 0 to 999999999');
  });
});
