import { ErrorCode } from '@wrenchlog/contracts';
import {
  checkReadingValue,
  currentReading,
  isStale,
  replacementOffset,
  rolloverOffset,
  segmentFor,
  sequenceConflict,
  usageRate,
  valueAt,
  type ReadingFacts,
} from './meter.rules.js';

const r = (id: number, value: number, readAt: string, extra: Partial<ReadingFacts> = {}): ReadingFacts => ({
  id,
  value,
  lifetime: value,
  readAt,
  void: false,
  segmentId: 1,
  ...extra,
});

describe('meter rules', () => {
  describe(sequenceConflict.name, () => {
    // Mar 1: 100, Mar 10: 200, Mar 20: 300. The repository answers the neighbours of a date (void
    // readings, other segments and the reading itself left out); the rule compares with them.
    const [mar1, mar10, mar20] = [r(1, 100, '2025-03-01'), r(2, 200, '2025-03-10'), r(3, 300, '2025-03-20')];

    it('accepts a reading between its earlier and later neighbours', () => {
      // 250 on Mar 15: between 200 (Mar 10) and 300 (Mar 20).
      expect(sequenceConflict({ before: mar10, after: mar20 }, { value: 250 })).toBeNull();
    });

    it('refuses a reading lower than an earlier-dated one and names it', () => {
      // 150 on Mar 15 is lower than 200 on Mar 10.
      expect(sequenceConflict({ before: mar10, after: mar20 }, { value: 150 })).toEqual({ before: mar10, after: null });
    });

    it('refuses a reading higher than a later-dated one and names it', () => {
      // 350 on Mar 5 is higher than 200 on Mar 10 (and 300 on Mar 20: the nearest, lowest, is named).
      expect(sequenceConflict({ before: mar1, after: mar10 }, { value: 350 })).toEqual({ before: null, after: mar10 });
    });

    it('names both neighbours when it breaks with both', () => {
      const between = { before: r(4, 500, '2025-03-10'), after: r(5, 100, '2025-03-20') };
      expect(sequenceConflict(between, { value: 300 })).toEqual(between);
    });

    it('lets same-day readings come in any order: only earlier and later days are neighbours', () => {
      // 190 on Mar 10 (where 200 was read): its neighbours are Mar 1 and Mar 20.
      expect(sequenceConflict({ before: mar1, after: mar20 }, { value: 190 })).toBeNull();
    });

    it('accepts equal values and a reading without neighbours', () => {
      expect(sequenceConflict({ before: mar10, after: mar10 }, { value: 200 })).toBeNull();
      expect(sequenceConflict({ before: null, after: null }, { value: 0 })).toBeNull();
    });
  });

  describe(currentReading.name, () => {
    it('is the latest-dated non-void reading, not the maximum ever entered', () => {
      const typo = r(1, 460_000, '2025-03-01');
      expect(currentReading([typo, r(2, 46_000, '2025-03-05')])?.lifetime).toBe(46_000);
    });

    it('takes the highest of the latest day', () => {
      expect(currentReading([r(1, 10, '2025-03-05'), r(2, 12, '2025-03-05'), r(3, 11, '2025-03-05')])?.id).toBe(2);
    });

    it('skips void readings and is null without any', () => {
      expect(currentReading([r(1, 10, '2025-03-01'), r(2, 50, '2025-03-09', { void: true })])?.id).toBe(1);
      expect(currentReading([r(1, 10, '2025-03-01', { void: true })])).toBeNull();
    });

    it('answers the value on a date from the readings up to it', () => {
      expect(valueAt([r(1, 10, '2025-03-01'), r(2, 20, '2025-03-10')], '2025-03-05')).toBe(10);
      expect(valueAt([r(1, 10, '2025-03-01')], '2025-02-01')).toBeNull();
    });
  });

  describe('segments, replacement and rollover', () => {
    it('puts a reading in the latest segment started on or before its date', () => {
      const segments = [
        { id: 1, startDate: '0001-01-01', offset: 0 },
        { id: 2, startDate: '2025-06-01', offset: 150_000 },
      ];
      expect(segmentFor(segments, '2025-05-31').id).toBe(1);
      expect(segmentFor(segments, '2025-06-01').id).toBe(2);
    });

    it('starts a replacement at offset = old lifetime - new raw start', () => {
      // 152,300 mi on the old odometer; the new one shows 12: lifetime continues at 152,300.
      expect(replacementOffset(152_300, 12)).toBe(152_288);
      expect(12 + replacementOffset(152_300, 12)).toBe(152_300);
    });

    it('adds the rollover value to the offset of a flagged rollover', () => {
      // An hour meter wrapping at 10,000.0 shows 12.5 after 9,990: lifetime 10,012.5.
      expect(12.5 + rolloverOffset(0, 10_000)).toBe(10_012.5);
      expect(rolloverOffset(10_000, 10_000)).toBe(20_000);
    });
  });

  describe(usageRate.name, () => {
    const today = '2025-06-30';

    it('uses the non-void readings of the last 90 days', () => {
      // 1,000 h on Apr 1, 1,300 h on Jun 30: 300 h over 90 days = 3.33 h a day. The old one is outside.
      const readings = [r(1, 100, '2024-01-01'), r(2, 1000, '2025-04-01'), r(3, 1300, '2025-06-30'), r(4, 5000, '2025-06-01', { void: true })];
      const { rate, basis } = usageRate(readings, today, null);
      expect(basis).toBe('90days');
      expect(rate).toBeCloseTo(300 / 90, 6);
    });

    it('falls back to all readings without two at least a day apart in the window', () => {
      // Only one reading within 90 days: (1,300 - 100) / 546 days over all.
      const readings = [r(1, 100, '2024-01-01'), r(3, 1300, '2025-06-30')];
      expect(usageRate(readings, today, null)).toEqual({ rate: 1200 / 546, basis: 'all' });
    });

    it('needs the readings to be at least a day apart', () => {
      expect(usageRate([r(1, 10, today), r(2, 20, today)], today, null)).toEqual({ rate: null, basis: 'none' });
    });

    it('then takes the manual rate, then none', () => {
      expect(usageRate([r(1, 10, today)], today, 8)).toEqual({ rate: 8, basis: 'manual' });
      expect(usageRate([], today, null)).toEqual({ rate: null, basis: 'none' });
    });
  });

  describe('values and staleness', () => {
    it('takes distance in whole units and hours to 1 decimal; more decimals answer 422', () => {
      expect(checkReadingValue('distance', 46_000)).toBe(46_000);
      expect(checkReadingValue('hours', 812.5)).toBe(812.5);
      expect(() => checkReadingValue('distance', 46_000.5)).toThrow(expect.objectContaining({ code: ErrorCode.Unprocessable }));
      expect(() => checkReadingValue('hours', 812.55)).toThrow(expect.objectContaining({ code: ErrorCode.Unprocessable }));
      // Issue 36: a tiny fraction is decimals too (it was taken as whole and stored as 0).
      expect(() => checkReadingValue('distance', 1e-7, 'rolloverValue')).toThrow(expect.objectContaining({ code: ErrorCode.Unprocessable }));
      expect(() => checkReadingValue('hours', 0.05)).toThrow(expect.objectContaining({ code: ErrorCode.Unprocessable }));
    });

    it('refuses negative and non-numeric values with 400', () => {
      expect(() => checkReadingValue('hours', -1)).toThrow(expect.objectContaining({ code: ErrorCode.Validation }));
      expect(() => checkReadingValue('hours', Number.NaN)).toThrow(expect.objectContaining({ code: ErrorCode.Validation }));
    });

    it('marks a current reading older than 30 days as stale', () => {
      expect(isStale('2025-05-31', '2025-06-30')).toBe(false);
      expect(isStale('2025-05-30', '2025-06-30')).toBe(true);
      expect(isStale(null, '2025-06-30')).toBe(false);
    });
  });
});
