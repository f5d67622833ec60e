import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { FuelRecordInput } from './fuel-record.contract.js';

/** The messages per field as the gateway's pipe reports them (first rule broken, 'required' first). */
function messages(body: object): Record<string, string[]> {
  const errors = validateSync(plainToInstance(FuelRecordInput, body, { enableImplicitConversion: true }), { whitelist: true });
  return Object.fromEntries(errors.map((e) => [e.property, Object.values(e.constraints ?? {})]));
}

const valid = { machineId: 3, amount: 12.5, pricePerUnit: 3.459, totalPrice: 43.24, dateOfPurchase: '2026-11-20T14:30:00.000Z' };

describe('FuelRecordInput', () => {
  it('accepts a complete fast-mode record with null hours and mileage', () => {
    expect(messages({ ...valid, notes: '', storeName: '', currentHours: null, currentMileage: null, lastMileage: null })).toEqual({});
  });

  it("says 'This field is required' for a missing amount, price per unit and date, and the spec's own texts for total price and machine", () => {
    const m = messages({});
    expect(m.amount).toContain('This field is required');
    expect(m.pricePerUnit).toContain('This field is required');
    expect(m.dateOfPurchase).toContain('This field is required');
    expect(m.totalPrice).toContain('Total Price is required');
    expect(m.machineId).toContain('Machine is required');
  });

  it("uses 'Value must be at least {min}' at the spec's minimums", () => {
    const m = messages({ ...valid, amount: 0.09, pricePerUnit: 0, totalPrice: 0.001 });
    expect(m.amount).toEqual(['Value must be at least 0.1']);
    expect(m.pricePerUnit).toEqual(['Value must be at least 0.01']);
    expect(m.totalPrice).toContain('Value must be at least 0.01');
    expect(messages({ ...valid, amount: 0.1, pricePerUnit: 0.01, totalPrice: 0.01 })).toEqual({});
  });

  it('refuses machine 0 (no machine chosen) and more decimals than are stored', () => {
    expect(messages({ ...valid, machineId: 0 }).machineId).toEqual(['Machine is required']);
    expect(messages({ ...valid, totalPrice: 10.005 }).totalPrice).toEqual(['Value must have at most 2 decimal places']);
  });

  it('refuses a date that is not an ISO 8601 instant, and negative mileage', () => {
    expect(messages({ ...valid, dateOfPurchase: 'yesterday' }).dateOfPurchase).toEqual(['Date of purchase must be an ISO 8601 date and time']);
    expect(messages({ ...valid, lastMileage: -1 }).lastMileage).toEqual(['Value must be at least 0']);
  });
});
