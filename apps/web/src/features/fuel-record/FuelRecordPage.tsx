import { Stack } from '@mantine/core';
import { DocumentsSection } from '../documents/DocumentsSection';
import { RecordPage } from '../../core/forms/RecordForm';
import { FUEL_TEXT, FuelRecordForm } from './FuelRecordForm';

/** /fuel-record (query machineId, mode) and /fuel-record/{id}. A saved record also shows its documents (issue 18). */
export default function FuelRecordPage() {
  return (
    <RecordPage notFound={FUEL_TEXT.notFound}>
      {(p) => (
        <Stack gap="xl">
          <FuelRecordForm key={p.recordId ?? 'new'} {...p} />
          {p.recordId !== undefined && <DocumentsSection parent="fuel-records" parentId={p.recordId} />}
        </Stack>
      )}
    </RecordPage>
  );
}
