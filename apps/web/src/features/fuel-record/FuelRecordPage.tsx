import { RecordPage } from '../fast-create/RecordForm';
import { FUEL_TEXT, FuelRecordForm } from './FuelRecordForm';

/** /fuel-record (query machineId, mode) and /fuel-record/{id}. */
export default function FuelRecordPage() {
  return <RecordPage loadFailed={FUEL_TEXT.loadFailed}>{(p) => <FuelRecordForm key={p.recordId ?? 'new'} {...p} />}</RecordPage>;
}
