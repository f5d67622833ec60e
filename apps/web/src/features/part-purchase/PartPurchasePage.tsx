import { RecordPage } from '../fast-create/RecordForm';
import { PURCHASE_TEXT, PartPurchaseForm } from './PartPurchaseForm';

/** /part-purchase (query machineId, mode), /part-purchase/{id} and /parts/{id}. */
export default function PartPurchasePage() {
  return <RecordPage notFound={PURCHASE_TEXT.notFound}>{(p) => <PartPurchaseForm key={p.recordId ?? 'new'} {...p} />}</RecordPage>;
}
