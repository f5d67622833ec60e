import { plainToInstance } from 'class-transformer';
import { IsDefined, IsInt, IsNotEmpty, IsString, MinLength, validateSync } from 'class-validator';
import { DecimalText, EmptyIsMissing, hasAtMostDecimals, IsDecimal, IsSingleLine, OmittableNotNull, QueryInt, Trimmed } from './input.js';

class Sample {
  @Trimmed() @IsString({ message: 'Name is required' }) @IsNotEmpty({ message: 'Name is required' }) name!: string;
  @EmptyIsMissing() @IsDefined({ message: 'Price is required' }) @IsDecimal(2, { message: 'two places' }) price!: number;
  @QueryInt() @IsInt({ message: 'whole' }) page!: number;
}

const messages = (plain: object): string[] => validateSync(plainToInstance(Sample, plain)).flatMap((e) => Object.values(e.constraints ?? {}));

describe(hasAtMostDecimals.name, () => {
  it.each([
    [0, 2, true],
    [12.34, 2, true],
    [12.345, 2, false],
    [1e-7, 2, false],
    [1e-7, 7, true],
    [1.5e-7, 7, false],
    [1e21, 0, true],
    [Number.NaN, 2, false],
    [Number.POSITIVE_INFINITY, 2, false],
    ['1.5', 2, false],
  ])('%p with at most %p places: %p', (value, places, expected) => {
    expect(hasAtMostDecimals(value, places as number)).toBe(expected);
  });
});

describe('input helpers', () => {
  it('refuses whitespace-only text as missing and trims the rest', () => {
    expect(messages({ name: '   ', price: 1, page: '0' })).toEqual(['Name is required']);
    const ok = plainToInstance(Sample, { name: '  Filter ', price: 1, page: '3' });
    expect(ok.name).toBe('Filter');
    expect(ok.page).toBe(3);
  });

  it('reports an empty price as required, and 1e-7 with the field message instead of throwing', () => {
    expect(messages({ name: 'a', price: '', page: '0' })).toContain('Price is required');
    expect(messages({ name: 'a', price: 1e-7, page: '0' })).toEqual(['two places']);
  });

  it.each(['0x1F', '1e3', ' 1', '1.0', ''])('leaves the query number %j as text, so it fails IsInt', (page) => {
    expect(messages({ name: 'a', price: 1, page })).toEqual(['whole']);
  });
});

describe('DecimalText', () => {
  class Form {
    @DecimalText() price!: unknown;
  }
  it.each([
    ['19.90', 19.9],
    ['-3', -3],
    ['0x1F', '0x1F'],
    ['1e3', '1e3'],
    [' 1', ' 1'],
    ['1.', '1.'],
    [12, 12],
  ])('reads %j as %j', (price, expected) => {
    expect(plainToInstance(Form, { price }).price).toEqual(expected);
  });
});

// Issue 36: the shared decorators every route's DTO uses.
describe('OmittableNotNull and IsSingleLine', () => {
  class Meterish {
    @OmittableNotNull() @Trimmed() @IsString({ message: 'label' }) @MinLength(1, { message: 'label' }) label?: string;
    @IsSingleLine({ message: 'one line' }) name?: string;
  }
  const errors = (plain: object) => validateSync(plainToInstance(Meterish, plain)).flatMap((e) => Object.values(e.constraints ?? {}));

  it('skips a field left out, but refuses null and whitespace-only text', () => {
    expect(errors({})).toEqual([]);
    expect(errors({ label: null })).toContain('label');
    expect(errors({ label: '   ' })).toEqual(['label']);
    expect(plainToInstance(Meterish, { label: ' Odo ' }).label).toBe('Odo');
  });

  it.each(['a\u0000b', 'a\nb', 'a\rb', 'a\tb', 'a\u007fb'])('refuses a control character in %j', (name) => {
    expect(errors({ name })).toEqual(['one line']);
  });

  it('takes one line of any script', () => {
    expect(errors({ name: 'Zoë Ørsted Иванова' })).toEqual([]);
  });
});
