import { validateMachineCreate } from './machine-create';

describe('validateMachineCreate', () => {
  it('asks for every field with the spec messages', () => {
    expect(validateMachineCreate({ name: ' ', year: '', make: '', model: '' })).toEqual({
      name: 'Name is required',
      year: 'Year is required',
      make: 'Make is required',
      model: 'Model is required',
    });
  });

  it('refuses years before 1900', () => {
    expect(validateMachineCreate({ name: 'A', year: '1899', make: 'B', model: 'C' })).toEqual({ year: 'Year must be 1900 or later' });
    expect(validateMachineCreate({ name: 'A', year: 'abc', make: 'B', model: 'C' })).toEqual({ year: 'Year must be 1900 or later' });
  });

  it('accepts a complete machine', () => {
    expect(validateMachineCreate({ name: 'Mower', year: '1900', make: 'Deere', model: 'X350' })).toEqual({});
  });
});
