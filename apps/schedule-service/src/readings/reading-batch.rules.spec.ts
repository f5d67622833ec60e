import { ErrorCode } from '@wrenchlog/contracts';
import {
  batchCode,
  batchError,
  firstOfValueIn,
  machineNamed,
  machinesByKey,
  neighboursIn,
  outOfSequenceMessage,
  placingOrder,
  readingDay,
} from './reading-batch.rules.js';

describe('the rules of a batch of readings', () => {
  const byKey = machinesByKey([
    { id: 1, vin: '1HGCM82633A004352', serialNumber: '' },
    { id: 2, vin: '', serialNumber: ' sn-4471 ' },
    { id: 3, vin: 'SHARED', serialNumber: 'DUP' },
    { id: 4, vin: 'shared', serialNumber: 'dup' },
  ]);

  it('names a machine by id as given, or by the one machine a VIN or serial number names, ignoring case and spaces', () => {
    expect(machineNamed({ machineId: 9 }, byKey)).toEqual({ machineId: 9 });
    expect(machineNamed({ vin: '1hgcm82633a004352' }, byKey)).toEqual({ machineId: 1 });
    expect(machineNamed({ serialNumber: 'SN-4471' }, byKey)).toEqual({ machineId: 2 });
  });

  it('matches a serial number only against serial numbers and a VIN only against VINs', () => {
    expect(machineNamed({ serialNumber: '1HGCM82633A004352' }, byKey).problem?.code).toBe('NOT_FOUND');
    expect(machineNamed({ vin: 'SN-4471' }, byKey).problem?.code).toBe('NOT_FOUND');
  });

  it('answers not found for a VIN no machine of the caller has, and ambiguous for one several have', () => {
    expect(machineNamed({ vin: 'NOPE' }, byKey)).toEqual({ problem: { code: 'NOT_FOUND', message: 'Machine not found' } });
    expect(machineNamed({ vin: 'Shared' }, byKey).problem?.code).toBe('AMBIGUOUS');
    expect(machineNamed({ serialNumber: 'Dup' }, byKey).problem?.code).toBe('AMBIGUOUS');
  });

  it('dates a reading by the day as written, in the sender’s own offset', () => {
    expect(readingDay('2026-05-01T23:30:00-05:00')).toBe('2026-05-01');
    expect(readingDay('2026-05-01')).toBe('2026-05-01');
  });

  it('places readings by day, then instant, then as sent', () => {
    const r = (index: number, readAt: string) => ({ index, item: { readAt } });
    const order = placingOrder([
      r(0, '2026-05-02T08:00:00Z'),
      r(1, '2026-05-01T10:00:00Z'),
      r(2, '2026-05-01T09:00:00Z'),
      r(3, '2026-05-01'),
      r(4, '2026-05-01T09:00:00Z'),
    ]);
    expect(order.map((x) => x.index)).toEqual([3, 2, 4, 1, 0]);
  });

  it('finds the neighbours of a day as the repository does: the highest of the latest earlier day, the lowest of the earliest later day', () => {
    const live = [
      { id: 1, value: 100, readAt: '2026-01-01' },
      { id: 2, value: 120, readAt: '2026-01-03' },
      { id: 3, value: 110, readAt: '2026-01-03' },
      { id: 4, value: 130, readAt: '2026-01-05' },
      { id: 5, value: 125, readAt: '2026-01-05' },
      { id: 6, value: 115, readAt: '2026-01-04' },
    ];
    expect(neighboursIn(live, '2026-01-04')).toEqual({ before: live[1], after: live[4] });
    expect(neighboursIn(live, '2026-01-01')).toEqual({ before: null, after: live[2] });
    expect(neighboursIn([], '2026-01-01')).toEqual({ before: null, after: null });
  });

  it('names the first earlier day of a value several days read', () => {
    const live = [
      { id: 7, value: 50, readAt: '2026-01-03' },
      { id: 8, value: 50, readAt: '2026-01-02' },
      { id: 9, value: 50, readAt: '2026-01-09' },
    ];
    expect(firstOfValueIn(live, '2026-01-05', 50)).toBe(live[1]);
    expect(firstOfValueIn(live, '2026-01-02', 50)).toBeNull();
  });

  it('words an out-of-sequence reading as the single reading’s message, with the neighbour it breaks', () => {
    expect(outOfSequenceMessage(5, { before: { value: 12_800, readAt: '2024-03-20' }, after: null })).toBe(
      'This reading is out of sequence with the readings around it: 5 is lower than 12,800 on 2024-03-20',
    );
    expect(outOfSequenceMessage(900, { before: null, after: { value: 800.5, readAt: '2024-03-21' } })).toBe(
      'This reading is out of sequence with the readings around it: 900 is higher than 800.5 on 2024-03-21',
    );
  });

  it("reports a reading's refusal by the code of the single reading's error, with the sender's id of it", () => {
    expect(batchCode(ErrorCode.Unprocessable)).toBe('UNPROCESSABLE');
    expect(batchCode(ErrorCode.MeterOutOfSequence)).toBe('METER_OUT_OF_SEQUENCE');
    expect(batchCode(ErrorCode.Internal)).toBeNull();
    expect(batchError(3, { externalId: 'obd-17' }, 'NOT_FOUND', 'Machine not found')).toEqual({
      index: 3,
      code: 'NOT_FOUND',
      message: 'Machine not found',
      externalId: 'obd-17',
    });
    expect(batchError(4, {}, 'NOT_FOUND', 'Machine not found')).toEqual({ index: 4, code: 'NOT_FOUND', message: 'Machine not found' });
  });
});
