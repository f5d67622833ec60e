import { getMetadataStorage, IsInt, IsString, Min, validateSync } from 'class-validator';
import { cacheRuleLookups } from './rule-lookup-cache.js';

class Base {
  @IsString()
  name: unknown;
}

class Derived extends Base {
  @IsInt()
  @Min(1)
  count: unknown;
}

const make = <T extends object>(type: new () => T, values: Record<string, unknown>): T => Object.assign(new type(), values);
const failed = (errors: ReturnType<typeof validateSync>) => errors.map((e) => `${e.property}: ${Object.keys(e.constraints ?? {}).join(',')}`).sort();

describe(cacheRuleLookups.name, () => {
  beforeAll(() => cacheRuleLookups());

  it('keeps the rule lookup of a class, the rules of its parent included', () => {
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(Derived, '', false, false);

    expect(storage.getTargetValidationMetadatas(Derived, '', false, false)).toBe(first);
    expect(failed(validateSync(make(Derived, { name: 7, count: 0 })))).toEqual(['count: min', 'name: isString']);
    expect(validateSync(make(Derived, { name: 'ok', count: 2 }))).toEqual([]);
  });

  it('looks again once another rule is declared, so a class loaded later is checked by its rules', () => {
    expect(validateSync(make(Derived, { name: 'ok', count: 2 }))).toEqual([]);

    class Later extends Derived {
      @IsString()
      note: unknown;
    }

    expect(failed(validateSync(make(Later, { name: 'ok', count: 2, note: 5 })))).toEqual(['note: isString']);
    expect(failed(validateSync(make(Later, { name: 1, count: 2, note: 'x' })))).toEqual(['name: isString']);
  });

  it('is installed once, however often it is called', () => {
    const lookup = getMetadataStorage().getTargetValidationMetadatas;

    cacheRuleLookups();

    expect(getMetadataStorage().getTargetValidationMetadatas).toBe(lookup);
  });
});
