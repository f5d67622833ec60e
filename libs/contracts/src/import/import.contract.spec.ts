import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { CreateImportFields, ImportCommitBody, ImportMappingBody, ImportRowsQuery } from './import.contract.js';

// The gateway's options: whitelist, no implicit conversion (multipart and query values stay text);
// the distinct messages, as a field's rules share one.
function messages<T extends object>(cls: new () => T, body: object): string[] {
  const flat = (errors: ValidationError[]): string[] => errors.flatMap((e) => [...Object.values(e.constraints ?? {}), ...flat(e.children ?? [])]);
  return [...new Set(flat(validateSync(plainToInstance(cls, body), { whitelist: true })))];
}

describe('CreateImportFields', () => {
  it('takes a known source and a machine id sent as multipart text', () => {
    const fields = plainToInstance(CreateImportFields, { source: 'lubelogger-fuel', machineId: '12', utcOffsetMinutes: '-300' });
    expect(validateSync(fields)).toEqual([]);
    expect(fields).toMatchObject({ machineId: 12, utcOffsetMinutes: -300 });
  });

  it('refuses an unknown source and a machine id that is not a whole number', () => {
    expect(messages(CreateImportFields, { source: 'excel', machineId: '1e3' })).toEqual([
      'Source must be one of generic-machines, generic-service, generic-fuel, generic-purchases, lubelogger-fuel, lubelogger-service, lubelogger-odometer, lubelogger-supplies, fuelly, drivvo, wrenchlog-export',
      'Machine id must be a whole number of 1 or more',
    ]);
  });
});

describe('ImportMappingBody', () => {
  it('takes a mapping with corrected detection', () => {
    expect(
      messages(ImportMappingBody, {
        mapping: { Date: 'date', 'Fuel Consumed': 'amount' },
        detected: { delimiter: ';', dateFormat: 'DD/MM/YYYY', units: { distance: 'km', volume: 'l' } },
        machineId: 3,
      }),
    ).toEqual([]);
  });

  it('refuses a mapping that is not column -> field text, one of more than 100 columns, and unknown detection values', () => {
    expect(messages(ImportMappingBody, { mapping: ['date'] })).toContain('Mapping must be an object from column names to field names');
    expect(messages(ImportMappingBody, { mapping: { Date: 3 } })).toEqual(['Mapping must be an object from column names to field names']);
    const wide = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`c${i}`, 'notes']));
    expect(messages(ImportMappingBody, { mapping: wide })).toEqual(['Mapping takes at most 100 columns']);
    // Of each table: a restore maps the columns of several files, each of at most 100.
    const files = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${i % 2 ? 'a' : 'b'}.csv / c${i}`, 'notes']));
    expect(messages(ImportMappingBody, { mapping: files(200) })).toEqual([]);
    expect(messages(ImportMappingBody, { mapping: files(202) })).toEqual(['Mapping takes at most 100 columns']);
    expect(messages(ImportMappingBody, { mapping: {}, detected: { delimiter: '|', units: { distance: 'furlong', volume: 'l' } } })).toEqual([
      'Delimiter must be a comma, a semicolon or a tab',
      "Units must be {distance: 'mi' or 'km', volume: 'gal' or 'l'}",
    ]);
  });
});

describe('ImportRowsQuery and ImportCommitBody', () => {
  it('read the status filter, the page and the mode', () => {
    expect(messages(ImportRowsQuery, { status: 'error', page: '0', size: '50' })).toEqual([]);
    expect(messages(ImportRowsQuery, { status: 'bad', size: '101' })).toEqual(['Status must be one of valid, warning, error', 'Size must be at most 100']);
    expect(messages(ImportCommitBody, {})).toEqual(['Mode must be one of all_or_nothing, skip_invalid']);
    expect(messages(ImportCommitBody, { mode: 'skip_invalid' })).toEqual([]);
  });
});
