import { ErrorCode } from '@wrenchlog/contracts';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Transform, Type } from 'class-transformer';
import { DomainError } from '../errors/domain-error.js';
import { requireId, validInput } from './valid-input.js';

class Wheel {
  @IsInt({ message: 'Size must be a whole number' })
  size!: number;
}

class Machine {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(5, { message: 'Name must be at most 5 characters' })
  @IsNotEmpty({ message: 'Name is required' })
  name!: string;

  @IsOptional()
  @IsInt({ message: 'Year must be a whole number' })
  @Min(1900, { message: 'Year must be 1900 or later' })
  @Max(2100, { message: 'Year must be 2100 or earlier' })
  year?: number;

  @IsOptional()
  @IsString({ message: 'Notes must be text' })
  notes?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => Wheel)
  wheel?: Wheel;
}

const failure = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a failure');
};

describe(validInput.name, () => {
  it('answers an instance of the DTO with its own conversions applied and unknown fields stripped', () => {
    const input = validInput(Machine, { name: '  Cat ', year: 2001, lastUpdated: 'x', $where: '1' });

    expect(input).toBeInstanceOf(Machine);
    expect({ ...input }).toEqual({ name: 'Cat', year: 2001 });
  });

  it('converts nothing implicitly: a number sent as text stays text and fails', () => {
    expect(failure(() => validInput(Machine, { name: 'Cat', year: '2001' })).message).toBe('Year must be a whole number');
  });

  it('reports one message per field, the missing rule first, in field order, joined like the gateway', () => {
    const error = failure(() => validInput(Machine, { name: '', year: 1800, notes: 3 }));

    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe(ErrorCode.Validation);
    expect(error.message).toBe('Name is required; Year must be 1900 or later; Notes must be text');
    expect(error.details).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'year', message: 'Year must be 1900 or later' },
      { field: 'notes', message: 'Notes must be text' },
    ]);
  });

  it('names a nested field by its path', () => {
    const error = failure(() => validInput(Machine, { name: 'Cat', wheel: { size: 'big' } }));

    expect(error.details).toEqual([{ field: 'wheel.size', message: 'Size must be a whole number' }]);
  });

  it('refuses a value that is not an object with the given message', () => {
    for (const value of [undefined, null, [], 'text', 7]) {
      const error = failure(() => validInput(Machine, value, 'Service record must have a title, date and status'));
      expect(error.message).toBe('Service record must have a title, date and status');
      expect(error.details).toEqual([{ field: 'body', message: 'Service record must have a title, date and status' }]);
    }
    expect(failure(() => validInput(Machine, null)).message).toBe('The body must be a JSON object');
  });

  it('accepts what it answered (a payload checked by the gateway passes again in the service)', () => {
    const once = validInput(Machine, { name: ' Cat ', year: 2001, wheel: { size: 16 } });

    expect(validInput(Machine, JSON.parse(JSON.stringify(once)))).toEqual(once);
  });
});

describe(requireId.name, () => {
  it('answers an id from 1 to 2^31 - 1, given as a number or its plain digits', () => {
    expect(requireId(7, 'Invalid machine ID')).toBe(7);
    expect(requireId('2147483647', 'Invalid machine ID')).toBe(2_147_483_647);
  });

  it.each([0, -1, 1.5, 2_147_483_648, '0x1F', '1e3', ' 1', '01', '', null, undefined, {}])('refuses %p with the call message and field', (value) => {
    const error = failure(() => requireId(value, 'Invalid machine ID', 'machineId'));

    expect(error.code).toBe(ErrorCode.Validation);
    expect(error.message).toBe('Invalid machine ID');
    expect(error.details).toEqual([{ field: 'machineId', message: 'Invalid machine ID' }]);
  });
});
