import type { ImportUploaded } from '@wrenchlog/contracts';
import { sourceCard } from './import-sources';
import {
  chooseField,
  columnChoices,
  columnOfMessage,
  fieldOptions,
  initialDraft,
  mapBlocker,
  mappingBody,
  newMachines,
  setColumnField,
  setMachineMode,
} from './mapping-logic';
import { previewKeys, previewValue } from './preview-logic';

const lube = sourceCard('lubelogger-fuel')!;
const drivvo = sourceCard('drivvo')!;
const fuelly = sourceCard('fuelly')!;

const uploaded = (over: Partial<ImportUploaded> = {}): ImportUploaded => ({
  id: 7,
  detected: { delimiter: ',', decimalSeparator: '.', dateFormat: 'MM/DD/YYYY', encoding: 'utf-8', hasBom: false, units: { distance: 'mi', volume: 'gal' } },
  notes: [],
  columns: ['Date', 'Odometer', 'FuelConsumed', 'Cost', 'Notes'],
  suggestedMapping: { Date: 'date', Odometer: 'odometer', FuelConsumed: 'amount', Cost: 'totalPrice' },
  preview: [],
  ...over,
});

describe('the Map step rules', () => {
  it('starts from the suggested mapping and the detection, with one machine for the file', () => {
    const draft = initialDraft(uploaded());
    expect(draft).toEqual({
      mapping: { Date: 'date', Odometer: 'odometer', FuelConsumed: 'amount', Cost: 'totalPrice' },
      detected: { delimiter: ',', decimalSeparator: '.', dateFormat: 'MM/DD/YYYY', encoding: 'utf-8', units: { distance: 'mi', volume: 'gal' } },
      machineMode: 'file',
      machineId: null,
      machineColumn: null,
      sameNameMachines: 'use',
    });
    expect(mapBlocker(draft, lube)).toBe('Choose the machine these rows belong to, or the column that names it.');
    expect(mapBlocker({ ...draft, machineId: 3 }, lube)).toBe('');
  });

  it('sends the same-name machine choice only for files with machine rows (a restore, a machines file)', () => {
    const draft = { ...initialDraft(uploaded()), sameNameMachines: 'create' as const };
    expect(mappingBody(draft, { needsMachine: false, kinds: ['machine', 'service', 'fuel', 'purchase'] })).toMatchObject({ sameNameMachines: 'create' });
    expect(mappingBody(draft, lube)).not.toHaveProperty('sameNameMachines');
  });

  it('takes the column a file names its machines in (Fuelly) as the machine column', () => {
    const draft = initialDraft(uploaded({ columns: ['car_name', 'odometer'], suggestedMapping: { car_name: 'machine', odometer: 'odometer' } }));
    expect(draft).toMatchObject({ machineMode: 'column', machineColumn: 'car_name' });
    expect(mappingBody(draft, fuelly)).toEqual({
      mapping: { car_name: 'machine', odometer: 'odometer' },
      detected: draft.detected,
      machineId: null,
      machineColumn: 'car_name',
    });
    // One machine for the file drops the column's 'machine' mapping.
    const file = setMachineMode({ ...draft }, 'file', ['car_name', 'odometer']);
    expect(file.mapping).toEqual({ odometer: 'odometer' });
    expect(mappingBody({ ...file, machineId: 4 }, fuelly)).toMatchObject({ machineId: 4, machineColumn: null });
  });

  it('gives a field to one column of a section: choosing it again moves it, and "not imported" leaves a column out', () => {
    expect(setColumnField({ Cost: 'totalPrice', Notes: 'notes' }, 'Notes', 'totalPrice')).toEqual({ Notes: 'totalPrice' });
    expect(setColumnField({ Cost: 'totalPrice', Notes: 'notes' }, 'Cost', '')).toEqual({ Notes: 'notes' });
    // Drivvo: the same field in two sections is two fields.
    expect(setColumnField({ 'Refuelling / Date': 'date' }, 'Service / Date', 'serviceDate')).toEqual({
      'Refuelling / Date': 'date',
      'Service / Date': 'serviceDate',
    });
    expect(setColumnField({ 'Service / Notes': 'notes' }, 'Expense / Notes', 'notes')).toEqual({ 'Service / Notes': 'notes', 'Expense / Notes': 'notes' });
  });

  it("maps a column to 'Machine (name)' as the machine column, and clears a machine chosen for the file", () => {
    const draft = { ...initialDraft(uploaded()), machineId: 3 };
    const next = chooseField(draft, 'Notes', 'machine');
    expect(next).toMatchObject({ machineMode: 'column', machineId: null, machineColumn: 'Notes' });
    expect(next.mapping.Notes).toBe('machine');
  });

  it("offers each column its kind's fields; a Drivvo section's kind is told by its suggested fields", () => {
    expect(fieldOptions(lube, 'Cost', {}).map((o) => o.value)).toContain('totalPrice');
    const suggested = { 'Abastecimento / Preço total': 'totalPrice', 'Serviço / Tipo de serviço': 'title' };
    expect(fieldOptions(drivvo, 'Abastecimento / Posto', suggested).map((o) => o.value)).toContain('pricePerUnit');
    expect(fieldOptions(drivvo, 'Serviço / Local', suggested).map((o) => o.value)).toEqual(expect.arrayContaining(['title', 'serviceShop']));
    expect(fieldOptions(drivvo, 'Serviço / Local', suggested).map((o) => o.value)).not.toContain('pricePerUnit');
    // A section nothing was suggested for: every field of the source's kinds, once each.
    const union = fieldOptions(drivvo, 'Other / X', suggested).map((o) => o.value);
    expect(union).toEqual([...new Set(union)]);
    expect(union).toEqual(expect.arrayContaining(['amount', 'title']));
    // A field the server suggested that the list lacks stays choosable, as the server named it.
    expect(columnChoices(lube, 'X', {}, 'octane').at(-1)).toEqual({ value: 'octane', label: 'octane' });
    expect(columnChoices(lube, 'X', {}, 'amount')[0]).toEqual({ value: '', label: 'Not imported' });
    expect(columnChoices(lube, 'X', {}, 'amount').filter((o) => o.value === 'amount')).toHaveLength(1);
  });

  it('shows the preview as stored: the records’ keys in order, Yes/No, and the new machines once', () => {
    const rows = [
      { rowNumber: 2, status: 'valid' as const, messages: [], record: { amount: 12.5, fullTank: true }, newMachine: 'Mower' },
      { rowNumber: 3, status: 'valid' as const, messages: [], record: { amount: 3, notes: 'x', fullTank: false }, newMachine: 'Mower' },
    ];
    expect(previewKeys(rows, () => null, true)).toEqual(['amount', 'fullTank', 'notes']);
    expect([previewValue(true), previewValue(false), previewValue(undefined), previewValue(43.74)]).toEqual(['Yes', 'No', '', '43.74']);
    expect(newMachines(rows)).toEqual(['Mower']);
  });

  it("finds the column a server's mapping message names", () => {
    const columns = ['Date', 'Cost', 'Refuelling / Date'];
    expect(columnOfMessage("'amount' is not a field of service records (column 'Date').", columns)).toBe('Date');
    expect(columnOfMessage("Columns 'Date' and 'Refuelling / Date' are both mapped to date; map one.", columns)).toBe('Refuelling / Date');
    expect(columnOfMessage('Mapping must be an object from column names to field names', columns)).toBeNull();
  });
});
