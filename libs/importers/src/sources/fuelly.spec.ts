import { describe, expect, it } from '@jest/globals';
import { fixture } from '../fixtures.js';
import { analyzeFile, normalizeFile } from '../import-file.js';

describe('Fuelly', () => {
  it('maps its export, reads units from the header and MM/DD/YYYY H:MM dates', async () => {
    const analysis = analyzeFile(fixture('fuelly.csv'), 'fuelly');
    expect(analysis.detected).toEqual({
      delimiter: ',',
      decimalSeparator: '.',
      dateFormat: 'MM/DD/YYYY',
      encoding: 'utf-8',
      hasBom: false,
      units: { distance: 'mi', volume: 'gal' },
    });
    expect(analysis.suggestedMapping).toMatchObject({
      car_name: 'machine',
      miles: 'tripDistance',
      gallons: 'amount',
      price: 'pricePerUnit',
      fuelup_date: 'date',
      partial_fuelup: 'partialFill',
      missed_fuelup: 'missedPrevious',
    });
    expect(analysis.suggestedMapping).not.toHaveProperty('mpg');
  });

  it('computes the total from price per unit x amount, and reads partial and missed fill-ups', async () => {
    const result = await normalizeFile(analyzeFile(fixture('fuelly.csv'), 'fuelly'), { knownMachines: [{ id: 7, name: 'old blue' }] });
    expect(result.counts).toEqual({ valid: 5, warnings: 0, errors: 0 });
    expect(result.newMachines).toEqual(['Mower']);
    const [first, second, partial, missed] = result.rows;
    // 14.151 gal x 3.499 $/gal = 49.514 -> 49.51; the distance since the last fill gives lastMileage.
    expect(second.record).toEqual({
      machineId: 7,
      amount: 14.151,
      pricePerUnit: 3.499,
      totalPrice: 49.51,
      dateOfPurchase: '2024-01-19T17:42:00.000Z',
      currentMileage: 12300,
      lastMileage: 12000,
      notes: 'Tags: commute',
      storeName: 'Shell',
      fullTank: true,
      missedPrevious: false,
    });
    expect(first.record).toMatchObject({ totalPrice: 43.24, notes: 'first fill' });
    expect(partial.record).toMatchObject({ totalPrice: 20.39, fullTank: false, missedPrevious: false });
    expect(missed.record).toMatchObject({ fullTank: true, missedPrevious: true });
    expect(result.rows[4]).toMatchObject({ machine: { name: 'Mower' }, record: { totalPrice: 8.19 } });
  });

  it('converts litres of a metric export to gallons, keeping the money spent, and kilometres to the unit of each machine', async () => {
    const analysis = analyzeFile(fixture('fuelly-metric.csv'), 'fuelly');
    expect(analysis.detected.units).toEqual({ distance: 'km', volume: 'l' });
    // Into a machine with a miles meter: 50,000 km = 31,068.6 mi. 40 l at 1.80/l = 72.00; 40 l = 10.567 gal at 6.814/gal.
    const [first, second] = (await normalizeFile(analysis, { machineId: 4 })).rows;
    expect(first.record).toMatchObject({ amount: 10.567, pricePerUnit: 6.814, totalPrice: 72, currentMileage: 31068.6 });
    expect(second.record).toMatchObject({ totalPrice: 68.25, currentMileage: 31441.4, lastMileage: 31068.6 });
    // Into a machine with a kilometre meter, and into the machine the import creates for 'Golf' (it gets the file's km meter): as read.
    for (const options of [{ machineId: 4, machineDistanceUnits: { 4: 'km' as const } }, {}]) {
      const [kmFirst, kmSecond] = (await normalizeFile(analysis, options)).rows;
      expect(kmFirst.record).toMatchObject({ amount: 10.567, currentMileage: 50000 });
      expect(kmSecond.record).toMatchObject({ currentMileage: 50600, lastMileage: 50000 });
    }
    // A known machine named by the file takes its own unit: miles here.
    const known = (await normalizeFile(analysis, { knownMachines: [{ id: 9, name: 'golf' }] })).rows;
    expect(known[0].record).toMatchObject({ machineId: 9, currentMileage: 31068.6 });
  });

  it('reads the older export header', async () => {
    const analysis = analyzeFile(fixture('fuelly-old.csv'), 'fuelly');
    expect(analysis.suggestedMapping).toEqual({
      Name: 'machine',
      Odometer: 'odometer',
      Miles: 'tripDistance',
      Gallons: 'amount',
      Price: 'pricePerUnit',
      'Fuelup Date': 'date',
      Tags: 'tags',
      Notes: 'notes',
    });
    const rows = (await normalizeFile(analysis)).rows;
    expect(rows[1].record).toMatchObject({
      amount: 10.262,
      pricePerUnit: 3.259,
      totalPrice: 33.44,
      currentMileage: 88350,
      lastMileage: 88000,
      notes: 'oil change, too',
      dateOfPurchase: '2019-06-15T11:30:00.000Z',
    });
  });

  it('refuses a file that is not a Fuelly export', () => {
    expect(() => analyzeFile(fixture('lubelogger-fuel.csv'), 'fuelly')).toThrow(
      'This is not a Fuelly export: it has no fuelup_date and odometer columns. Choose the generic fuel CSV to map the columns yourself.',
    );
  });

  it('orders two fills of one day by their odometer: mpg from the right fill, written oldest first', async () => {
    // Fuelly exports newest first and dates fills without a time: both 07/14 fills are at one instant.
    const result = await normalizeFile(analyzeFile(fixture('fuelly-same-day.csv'), 'fuelly'), { machineId: 3 });
    expect(result.counts).toEqual({ valid: 4, warnings: 0, errors: 0 });
    expect(result.rows.map((r) => [r.rowNumber, (r.record as { currentMileage: number }).currentMileage, r.writeOrder])).toEqual([
      [2, 45450, 4],
      [3, 45150, 3],
      [4, 44800, 2],
      [5, 44500, 1],
    ]);
    expect(result.rows[1].record).toMatchObject({ dateOfPurchase: (result.rows[2].record as { dateOfPurchase: string }).dateOfPurchase, lastMileage: 44800 });
  });

  it('takes the previous fill of the same instant for a fill without the distance since it', async () => {
    const file = [
      'car_name,odometer,miles,gallons,price,fuelup_date',
      'Civic,45150,,14,3.459,07/14/2024',
      'Civic,44800,,12,3.399,07/14/2024',
      'Civic,44500,,10,3.359,07/01/2024',
    ].join('\n');
    const rows = (await normalizeFile(analyzeFile(Buffer.from(file), 'fuelly'), { machineId: 3 })).rows;
    expect(rows.map((r) => (r.record as { lastMileage?: number }).lastMileage)).toEqual([44800, 44500, undefined]);
  });

  it('reads an odometer of 0 as no reading', async () => {
    const file = 'car_name,odometer,miles,gallons,price,fuelup_date\nCivic,0,,10,3.359,07/01/2024\n';
    const [row] = (await normalizeFile(analyzeFile(Buffer.from(file), 'fuelly'), { machineId: 3 })).rows;
    expect(row.status).toBe('valid');
    expect(row.record).not.toHaveProperty('currentMileage');
  });
});
