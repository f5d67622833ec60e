import { inMeterUnit, readImportedReading, sequenceMessage } from './reading-import.rules.js';

describe('reading import rules', () => {
  it('reads a row as a reading of its machine, in the file unit', () => {
    expect(readImportedReading({ machineId: 4, value: 12000, readAt: '2024-04-01', unit: 'mi', notes: 'x' })).toEqual({
      value: { machineId: 4, value: 12000, readAt: '2024-04-01', unit: 'mi' },
      problem: null,
    });
  });

  it('refuses a row with the messages of a hand-entered reading', () => {
    expect(readImportedReading({ machineId: 4, value: '12k', readAt: '2024-04-01', unit: 'mi' }).problem).toBe('value: Value must be a number, 0 or more');
    expect(readImportedReading({ machineId: 4, value: 1, readAt: '2024-02-31', unit: 'mi' }).problem).toBe('readAt: Date must be a real date (YYYY-MM-DD)');
    expect(readImportedReading({ value: 1, readAt: '2024-02-01', unit: 'mi' }).problem).toBe('machineId: the row has no machine');
    expect(readImportedReading({ machineId: 4, value: 1, readAt: '2024-02-01', unit: 'h' }).problem).toBe('unit: must be mi or km');
  });

  it('converts between miles and kilometres to whole numbers, and leaves the same unit alone', () => {
    expect(inMeterUnit(16093, 'km', 'mi')).toBe(10000);
    expect(inMeterUnit(10000, 'mi', 'km')).toBe(16093);
    expect(inMeterUnit(12000.5, 'mi', 'mi')).toBe(12000.5);
  });

  it('names the earlier higher reading, or the later lower one', () => {
    expect(sequenceMessage(12000, { before: { value: 12800, readAt: '2024-03-20' }, after: null })).toBe('odometer 12,000 is lower than 12,800 on 2024-03-20');
    expect(sequenceMessage(13000, { before: null, after: { value: 12900, readAt: '2024-05-01' } })).toBe('odometer 13,000 is higher than 12,900 on 2024-05-01');
  });
});
