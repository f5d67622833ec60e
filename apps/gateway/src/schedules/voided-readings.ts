import { READING_VOIDED_BY_RECORD, type VoidedByRecordRequest, type WithVoidedReadings } from '@wrenchlog/contracts';
import type { CallContext, RpcClient } from '@wrenchlog/platform';

/**
 * Issue 38: a service or fuel record's save answers the meter readings it left void, so the person
 * saving is told. The record's readings are placed by schedule-service from the save's event: this
 * read waits for it as any read of the session does (read your writes, strictly). When the meters do
 * not answer (or the role may not read them), the save's answer is the record alone: the save stands
 * and the Meters tab shows the void readings.
 */
export async function withVoidedReadings<T extends { id: number }>(
  rpc: RpcClient,
  call: CallContext,
  source: VoidedByRecordRequest['source'],
  record: T,
  carriesReading: boolean,
): Promise<WithVoidedReadings<T>> {
  if (!carriesReading) {
    return record;
  }
  try {
    const voided = await rpc.send(READING_VOIDED_BY_RECORD, { source, recordId: record.id }, { ...call, consistencyStrict: true });
    return voided.length > 0 ? { ...record, voidedReadings: voided } : record;
  } catch {
    return record;
  }
}

const given = (v: unknown) => v !== null && v !== undefined && v !== '';
/** A service record's save gives readings when it carries miles or hours. */
export const serviceCarriesReading = (r: { miles?: unknown; hours?: unknown }) => given(r.miles) || given(r.hours);
/** A fuel record's save gives readings when it carries the odometer or the hours. */
export const fuelCarriesReading = (r: { currentMileage?: unknown; currentHours?: unknown }) => given(r.currentMileage) || given(r.currentHours);
