import { useParams, useSearchParams } from 'react-router-dom';
import { Page } from '../../components/PageHeader';
import { NotFoundState } from '../../components/states';
import { serviceRecordNotFound, ServiceRecordForm } from './ServiceRecordForm';
import { useTranslation } from 'react-i18next';
import { modeFromQuery } from '../../core/forms/form-rules';
import { message, scheduleIdsFromQuery } from './service-record-logic';

/**
 * /service-record (new; query machineId, mode and schedule: the ids it completes) and
 * /service-record/{id} (existing, full mode; #images scrolls to the photos). Spec doc 1 section 2.
 */
export default function ServiceRecordPage() {
  const { id } = useParams();
  const { t } = useTranslation('serviceRecord');
  const [query] = useSearchParams();
  const recordId = id !== undefined ? Number(id) : undefined;
  const machineId = Number(query.get('machineId')) || undefined;
  // ?schedule=12 (the Due page's "Log service"): a new record that completes it.
  const completes = recordId === undefined && machineId ? scheduleIdsFromQuery(query.get('schedule')) : [];
  // A route id always opens the full screen; a new record takes the mode query (full by default).
  const mode = recordId === undefined ? modeFromQuery(query.get('mode'), 'full') : 'full';
  const invalidId = recordId !== undefined && !(Number.isSafeInteger(recordId) && recordId > 0);
  return (
    <Page>
      <div style={{ maxWidth: mode === 'full' ? 960 : 560, margin: '0 auto' }}>
        {invalidId ? (
          <NotFoundState {...serviceRecordNotFound(t)} title={message('invalidId')} description={t('notFound.invalidId')} />
        ) : (
          <ServiceRecordForm
            key={`${recordId ?? 'new'}-${mode}-${completes.join(',')}`}
            mode={mode}
            recordId={recordId}
            machineId={machineId}
            completes={completes}
          />
        )}
      </div>
    </Page>
  );
}
