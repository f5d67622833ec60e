import { Stack } from '@mantine/core';
import { DocumentsSection } from '../documents/DocumentsSection';
import { RecordPage } from '../../core/forms/RecordForm';
import { fuelNotFound, FuelRecordForm } from './FuelRecordForm';
import { useTranslation } from 'react-i18next';

/** /fuel-record (query machineId, mode) and /fuel-record/{id}. A saved record also shows its documents (issue 18). */
export default function FuelRecordPage() {
  const { t } = useTranslation('fuelRecord');
  return (
    <RecordPage notFound={fuelNotFound(t)}>
      {(p) => (
        <Stack gap="xl">
          <FuelRecordForm key={p.recordId ?? 'new'} {...p} />
          {p.recordId !== undefined && <DocumentsSection parent="fuel-records" parentId={p.recordId} />}
        </Stack>
      )}
    </RecordPage>
  );
}
