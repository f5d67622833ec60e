import { currencySymbol, formatCompactPrice, formatDate, formatMoney, formatPrice, setReaderFormats } from './format';

describe('money', () => {
  it('writes a price with its sign, grouping and 2 decimals', () => {
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(1234.567)).toBe('$1,234.57');
    expect(formatPrice('42.1')).toBe('$42.10');
  });

  it('answers n/a for a missing or non-computable amount', () => {
    expect(formatPrice(null)).toBe('n/a');
    expect(formatPrice(undefined)).toBe('n/a');
    expect(formatPrice('')).toBe('n/a');
    expect(formatPrice(Number.NaN)).toBe('n/a');
    expect(formatPrice(Number.POSITIVE_INFINITY)).toBe('n/a');
  });

  it("writes an axis amount in a few characters (a chart's ticks at 390 px)", () => {
    expect(formatCompactPrice(80000)).toBe('$80K');
    expect(formatCompactPrice(1500000)).toBe('$1.5M');
    expect(formatCompactPrice(950)).toBe('$950');
    expect(formatCompactPrice(null)).toBe('n/a');
  });

  it('writes a column amount without the sign', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney(null)).toBe('n/a');
  });
});

describe("the member's currency and date format (issue 34)", () => {
  afterEach(() => setReaderFormats({ currency: 'USD', dateFormat: 'YYYY-MM-DD' }));

  it('formats money in the chosen currency and dates in the chosen format', () => {
    setReaderFormats({ currency: 'EUR', dateFormat: 'DD.MM.YYYY' });
    expect(formatPrice(1234.5)).toBe('€1,234.50');
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(currencySymbol()).toBe('€');
    expect(formatDate('2026-11-20')).toBe('20.11.2026');
    setReaderFormats({ currency: 'JPY', dateFormat: 'MM/DD/YYYY' });
    expect(formatPrice(1234)).toBe('¥1,234');
    expect(formatDate('2026-11-20')).toBe('11/20/2026');
  });

  it("keeps the app's own formats by default", () => {
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatDate('2026-11-20')).toBe('2026-11-20');
  });
});
