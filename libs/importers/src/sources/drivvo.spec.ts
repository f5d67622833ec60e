import { describe, expect, it } from '@jest/globals';
import { fixture } from '../fixtures.js';
import { analyzeFile, normalizeFile } from '../import-file.js';

describe('Drivvo', () => {
  it('reads the refuelling, service and expense sections with file line numbers', async () => {
    const analysis = analyzeFile(fixture('drivvo.csv'), 'drivvo');
    expect(analysis.detected).toMatchObject({ delimiter: ',', dateFormat: 'DD/MM/YYYY', units: { distance: 'km', volume: 'l' } });
    expect(analysis.columns.slice(0, 3)).toEqual(['Refuelling / Odometer', 'Refuelling / Date', 'Refuelling / Fuel type']);
    expect(analysis.suggestedMapping).toMatchObject({
      'Refuelling / Volume price': 'pricePerUnit',
      'Refuelling / Full fillup': 'fullTank',
      'Service / Service type': 'title',
      'Expense / Total price': 'price',
    });
    const result = await normalizeFile(analysis, { machineId: 3 });
    expect(result.rows.map((r) => [r.rowNumber, r.kind, r.status])).toEqual([
      [3, 'fuel', 'valid'],
      [4, 'fuel', 'valid'],
      [8, 'service', 'valid'],
      [12, 'service', 'valid'],
    ]);
    // 30 l at 5.89 = 176.70; 'No' full fill-up is a partial fill; the fuel type is kept in the notes.
    expect(result.rows[0].record).toMatchObject({
      amount: 7.925,
      totalPrice: 176.7,
      currentMileage: 5676.2,
      dateOfPurchase: '2024-03-20T08:15:00.000Z',
      notes: 'Fuel type: Gasoline',
      storeName: 'Posto Shell',
      fullTank: true,
    });
    expect(result.rows[1].record).toMatchObject({ fullTank: false });
    expect(result.rows[2].record).toMatchObject({
      title: 'Oil change',
      serviceDate: '2024-03-28',
      serviceType: 'Service',
      serviceShop: 'Oficina do Zé',
      price: 350,
    });
    expect(result.rows[3].record).toMatchObject({ title: 'Parking', serviceDate: '2024-03-30', serviceType: 'Expense', price: 45 });
  });

  it('knows translated section names and D/M/YYYY dates', async () => {
    const result = await normalizeFile(analyzeFile(fixture('drivvo-pt.csv'), 'drivvo'), { machineId: 3 });
    expect(result.counts).toEqual({ valid: 3, warnings: 0, errors: 0 });
    expect(result.rows[0].record).toMatchObject({ dateOfPurchase: '2024-01-05T12:00:00.000Z', totalPrice: 159.6, fullTank: true, notes: 'Fuel type: Etanol' });
    expect(result.rows[2].record).toMatchObject({ title: 'Alinhamento', serviceDate: '2024-01-15' });
  });

  it('takes miles and gallons when the user says so', async () => {
    const result = await normalizeFile(analyzeFile(fixture('drivvo.csv'), 'drivvo', { units: { distance: 'mi', volume: 'gal' } }), { machineId: 3 });
    expect(result.rows[0].record).toMatchObject({ amount: 30, pricePerUnit: 5.89, currentMileage: 9135 });
  });

  it('refuses a plain CSV as Drivvo, and a Drivvo file as another source', () => {
    expect(() => analyzeFile(fixture('generic-fuel.csv'), 'drivvo')).toThrow(
      'This is not a Drivvo export: it has no ##Refuelling, ##Service or ##Expense section.',
    );
    expect(() => analyzeFile(fixture('drivvo.csv'), 'generic-fuel')).toThrow('This file has ##sections like a Drivvo export: choose Drivvo as the source.');
  });
});
