import { describe, expect, it } from '@jest/globals';
import { fixture } from '../fixtures.js';
import { analyzeFile, normalizeFile } from '../import-file.js';

describe('LubeLogger', () => {
  it('reads a fuel export: currency costs, extrafield_* kept in notes, formulas kept as text, an odometer out of order', async () => {
    const result = await normalizeFile(analyzeFile(fixture('lubelogger-fuel.csv'), 'lubelogger-fuel'), { machineId: 3 });
    expect(result.counts).toEqual({ valid: 3, warnings: 1, errors: 0 });
    const [first, second, partial, missed] = result.rows;
    // Cost is the total: $43.74 / 12.5 gal = 3.499 $/gal.
    expect(first.record).toEqual({
      machineId: 3,
      amount: 12.5,
      pricePerUnit: 3.499,
      totalPrice: 43.74,
      dateOfPurchase: '2024-03-20T12:00:00.000Z',
      currentMileage: 12800,
      notes: 'Station: Shell\nOctane: 87',
      fullTank: true,
      missedPrevious: false,
    });
    expect(second.record).toMatchObject({ pricePerUnit: 3.56, lastMileage: 12800, notes: 'receipt lost, paid cash\nStation: Costco\nTags: commute' });
    expect(partial.record).toMatchObject({ fullTank: false, notes: '=HYPERLINK("http://evil.example")' });
    expect(missed).toMatchObject({
      status: 'warning',
      messages: ['row 5: odometer 12,000 is lower than 13,350 on 2024-04-15'],
      record: { missedPrevious: true },
    });
    expect(missed.record).not.toHaveProperty('lastMileage');
  });

  it('reads a German export: BOM, semicolons, decimal comma (9.135;30,50) and DD.MM.YYYY', async () => {
    const analysis = analyzeFile(fixture('lubelogger-fuel-de.csv'), 'lubelogger-fuel');
    expect(analysis.detected).toMatchObject({ delimiter: ';', decimalSeparator: ',', dateFormat: 'DD/MM/YYYY', hasBom: true });
    const [first, second] = (await normalizeFile(analysis, { machineId: 3 })).rows;
    expect(first.record).toMatchObject({
      currentMileage: 9135,
      amount: 30.5,
      totalPrice: 55.8,
      pricePerUnit: 1.83,
      dateOfPurchase: '2024-03-20T12:00:00.000Z',
    });
    expect(second.record).toMatchObject({ currentMileage: 9610, amount: 31.25, totalPrice: 57.19, notes: 'Tankstelle Nord' });
  });

  it('reads a service export and says which dates do not exist and which rows lack a title', async () => {
    const result = await normalizeFile(analyzeFile(fixture('lubelogger-service.csv'), 'lubelogger-service'), { machineId: 3, serviceType: 'Repair' });
    expect(result.counts).toEqual({ valid: 2, warnings: 0, errors: 2 });
    expect(result.rows[0].record).toEqual({
      machineId: 3,
      title: 'Oil change',
      serviceDate: '2024-01-15',
      status: 'Complete',
      serviceType: 'Repair',
      notes: 'Synthetic 5W-30\nTags: maintenance',
      price: 49.99,
      miles: 11800,
    });
    expect(result.rows[2].messages).toEqual(["row 4: date '31/02/2024' does not exist"]);
    expect(result.rows[3].messages).toEqual(['row 5: Service record must have a title, date and status (the title is empty)']);
  });

  it('reads an odometer export as meter readings', async () => {
    const result = await normalizeFile(analyzeFile(fixture('lubelogger-odometer.csv'), 'lubelogger-odometer'), { machineId: 3 });
    expect(result.rows.map((r) => r.record)).toEqual([
      { machineId: 3, value: 11500, readAt: '2024-01-01', unit: 'mi', notes: 'start of year' },
      { machineId: 3, value: 12100, readAt: '2024-02-01', unit: 'mi', notes: undefined },
      { machineId: 3, value: 12820, readAt: '2024-03-01', unit: 'mi', notes: undefined },
    ]);
  });

  it('refuses an odometer reading lower than one of an earlier day, in any row order, as the meter would', async () => {
    const file = Buffer.from(
      [
        'Date,InitialOdometer,Odometer,Notes,Tags',
        '04/01/2024,11500,12000,,',
        '03/20/2024,11500,12800,,',
        '03/20/2024,11500,12500,same day: any order,',
        '05/01/2024,11500,13000,,',
        '05/01/2024,11500,12900,same day lower: fine,',
      ].join('\n'),
    );
    const result = await normalizeFile(analyzeFile(file, 'lubelogger-odometer', { dateFormat: 'MM/DD/YYYY' }), { machineId: 3 });
    expect(result.rows.map((r) => [r.rowNumber, r.status, r.messages])).toEqual([
      [2, 'error', ['row 2: odometer 12,000 is lower than 12,800 on 2024-03-20']],
      [3, 'valid', []],
      [4, 'valid', []],
      [5, 'valid', []],
      [6, 'valid', []],
    ]);
  });

  it('reads a supplies export as part purchases: a blank supplier warned, a fractional quantity refused', async () => {
    const result = await normalizeFile(analyzeFile(fixture('lubelogger-supplies.csv'), 'lubelogger-supplies'), { machineId: 3 });
    expect(result.rows[0].record).toEqual({
      partName: 'Oil filter',
      partNumber: '51515',
      partDescription: 'Tags: filters',
      quantity: 2,
      price: 17.98,
      partStatus: 'Purchased',
      purchaseDate: '2024-02-10T12:00:00.000Z',
      storeName: 'NAPA',
      machineId: 3,
    });
    expect(result.rows[1]).toMatchObject({ status: 'warning', messages: ["row 3: no store: stored as 'Unknown'"] });
    expect(result.rows[2]).toMatchObject({ status: 'error', messages: ['row 4: Quantity must be a whole number'] });
  });

  it('needs a machine for the file or a column naming it', async () => {
    const result = await normalizeFile(analyzeFile(fixture('lubelogger-fuel.csv'), 'lubelogger-fuel'));
    expect(result.rows[0].messages).toEqual(['row 2: no machine: choose the machine of the file, or map the column that names it']);
  });

  it('stores a part number without the invisible mark before it (U+200E of its supplies sample)', async () => {
    const [row] = (await normalizeFile(analyzeFile(fixture('lubelogger-supplies-marks.csv'), 'lubelogger-supplies'), { machineId: 3 })).rows;
    expect(row.status).toBe('valid');
    expect(row.record).toMatchObject({ partNumber: '90915-YZZD4', partName: 'Oil filter', storeName: 'Toyota Parts', price: 9.5 });
  });

  it('reads an odometer of 0 as no reading, as LubeLogger writes it on a record without one', async () => {
    const file = 'Date,Description,Cost,Notes,Odometer,Tags\n01/15/2024,Registration,$120.00,,0,\n';
    const [row] = (await normalizeFile(analyzeFile(Buffer.from(file), 'lubelogger-service'), { machineId: 3 })).rows;
    expect(row.status).toBe('valid');
    expect(row.record).not.toHaveProperty('miles');
  });
});
