import { Stack } from '@mantine/core';
import { DocumentsSection } from '../documents/DocumentsSection';
import { RecordPage } from '../../core/forms/RecordForm';
import { PURCHASE_TEXT, PartPurchaseForm } from './PartPurchaseForm';

/** /part-purchase (query machineId, mode), /part-purchase/{id} and /parts/{id}. A saved record also shows its documents (issue 18). */
export default function PartPurchasePage() {
  return (
    <RecordPage notFound={PURCHASE_TEXT.notFound}>
      {(p) => (
        <Stack gap="xl">
          <PartPurchaseForm key={p.recordId ?? 'new'} {...p} />
          {p.recordId !== undefined && <DocumentsSection parent="purchases" parentId={p.recordId} />}
        </Stack>
      )}
    </RecordPage>
  );
}
