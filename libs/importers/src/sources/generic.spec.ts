import { describe, expect, it } from '@jest/globals';
import { fixture } from '../fixtures.js';
import { headerKey } from '../fields/fields.js';
import { analyzeFile, normalizeFile } from '../import-file.js';

describe('generic CSV sources', () => {
  it('suggests a fuel mapping from common header names, completes a missing total and warns about a duplicate', async () => {
    const analysis = analyzeFile(fixture('generic-fuel.csv'), 'generic-fuel');
    expect(analysis.suggestedMapping).toEqual({
      Vehicle: 'machine',
      Date: 'date',
      Gallons: 'amount',
      'Price per gallon': 'pricePerUnit',
      Total: 'totalPrice',
      Odometer: 'odometer',
      Station: 'storeName',
      Full: 'fullTank',
    });
    const result = await normalizeFile(analysis, { knownMachines: [{ id: 11, name: 'Truck 7' }] });
    expect(result.newMachines).toEqual(['Truck 9']);
    expect(result.counts).toEqual({ valid: 3, warnings: 1, errors: 0 });
    // 25 gal x 3.599 = 89.975 -> 89.98
    expect(result.rows[2]).toMatchObject({ machine: { name: 'Truck 9' }, record: { totalPrice: 89.98, machineId: 1 } });
    expect(result.rows[3]).toMatchObject({
      duplicateOf: 3,
      machine: { id: 11 },
      messages: ['row 5: same machine, date, meter and amount as row 3: a duplicate, skipped unless you keep it'],
    });
  });

  it('reads a tab-separated service file with a machine column', async () => {
    const analysis = analyzeFile(fixture('generic-service.tsv'), 'generic-service');
    expect(analysis.detected.delimiter).toBe('\t');
    expect(analysis.suggestedMapping).toEqual({
      Machine: 'machine',
      Date: 'serviceDate',
      Title: 'title',
      Cost: 'price',
      Mileage: 'miles',
      Shop: 'serviceShop',
    });
    const result = await normalizeFile(analysis);
    expect(result.rows[0].record).toEqual({
      machineId: 1,
      title: 'Brake pads',
      serviceDate: '2024-05-14',
      status: 'Complete',
      serviceShop: 'Midas',
      price: 310,
      miles: 45500,
    });
  });

  it('reads part purchases: a status in any case, a javascript: link refused with the DTO message', async () => {
    const analysis = analyzeFile(fixture('generic-purchases.csv'), 'generic-purchases');
    expect(analysis.suggestedMapping).toEqual({
      Part: 'partName',
      'Part #': 'partNumber',
      Qty: 'quantity',
      Price: 'price',
      Supplier: 'storeName',
      Date: 'purchaseDate',
      Status: 'partStatus',
      URL: 'partUrl',
    });
    const result = await normalizeFile(analysis);
    expect(result.rows[1].record).toMatchObject({ partStatus: 'Ordered', quantity: 6, price: 58.5 });
    expect(result.rows[1].record).not.toHaveProperty('machineId');
    expect(result.rows[2].messages).toEqual(['row 4: Part URL must be a web address starting with http:// or https://']);
  });

  it('reads machines with the machine DTO rules', async () => {
    const result = await normalizeFile(analyzeFile(fixture('generic-machines.csv'), 'generic-machines'));
    expect(result.rows[0].record).toEqual({
      name: 'Old Blue',
      year: 2012,
      make: 'Ford',
      model: 'F-150',
      vin: '1FTFW1EF0CFA00001',
      color: 'Blue',
      type: 'Truck',
      miles: 112000,
      purchasedDate: '2015-06-15',
    });
    expect(result.rows[1].record).toMatchObject({ hours: 310.5, purchasedDate: '2021-04-01' });
    expect(result.rows[2].messages).toEqual(['row 4: Year must be 1900 or later', 'row 4: Model is required']);
  });

  it('accepts a total within the rounding of a volume to 2 decimals at a high price per unit, and warns about a real difference', async () => {
    const file = ['Date,Litres,Price per litre,Total,Odometer', '2025-03-18,45.46,54.99,2500.00,58940', '2025-03-02,18.55,53.90,1010.00,58365'].join('\n');
    const analysis = analyzeFile(Buffer.from(file), 'generic-fuel', { units: { distance: 'km', volume: 'l' } });
    const [rounded, wrong] = (await normalizeFile(analysis, { machineId: 3 })).rows;
    // 45.46 x 54.99 = 2,499.85: the 0.005 l the volume was rounded by costs up to 0.27.
    expect(rounded).toMatchObject({ status: 'valid', messages: [] });
    expect(wrong).toMatchObject({ status: 'warning', messages: ['row 3: total price 1010.00 differs from amount x price per unit (999.85)'] });
  });

  it('keeps the header key of a column named in another script', () => {
    expect(headerKey('Одометр (км)')).toBe('одометр');
    expect(headerKey('Общая стоимость')).toBe('общаястоимость');
    expect(headerKey('Completou o tanque')).toBe('completouotanque');
  });
});
