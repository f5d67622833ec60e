import { blankRequiredField, isReadingInRange, priceCents, ServiceRecordLimits } from './service-record.limits.js';

describe('the service record rules shared by service-record-service and the importers', () => {
  it('names the first blank of title, status and date', () => {
    expect(blankRequiredField({ title: 'Oil', status: 'New', serviceDate: '2025-01-02' })).toBeUndefined();
    expect(blankRequiredField({ title: '  ', status: '', serviceDate: '2025-01-02' })).toBe('title');
    expect(blankRequiredField({ title: 'Oil', status: null, serviceDate: '' })).toBe('status');
    expect(blankRequiredField({ title: 'Oil', status: 'New' })).toBe('serviceDate');
  });

  it('rounds a price to whole cents half away from zero, within 0 to the largest price', () => {
    expect(priceCents(1.005)).toBe(101);
    expect(priceCents(0)).toBe(0);
    expect(priceCents(ServiceRecordLimits.maxPriceCents / 100)).toBe(ServiceRecordLimits.maxPriceCents);
    expect(priceCents(ServiceRecordLimits.maxPriceCents / 100 + 0.01)).toBeUndefined();
    expect(priceCents(-0.01)).toBeUndefined();
    expect(priceCents(Number.NaN)).toBeUndefined();
  });

  it('takes readings from 0 to the largest reading', () => {
    expect([0, 12.5, ServiceRecordLimits.maxReading].every(isReadingInRange)).toBe(true);
    expect([-1, ServiceRecordLimits.maxReading + 1, Number.POSITIVE_INFINITY].some(isReadingInRange)).toBe(false);
  });
});
