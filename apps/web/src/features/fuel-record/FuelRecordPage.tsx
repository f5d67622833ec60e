import { RecordPage } from '../fast-create/RecordForm';
import { FUEL_TEXT, FuelRecordForm } from './FuelRecordForm';

/** /fuel-record (query machineId, mode) and /fuel-record/{id}. */
export default function FuelRecordPage() {
  return <RecordPage notFound={FUEL_TEXT.notFound}>{(p) => <FuelRecordForm key={p.recordId ?? 'new'} {...p} />}</RecordPage>;
}
