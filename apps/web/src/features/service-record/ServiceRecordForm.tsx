import { Card, Stack } from '@mantine/core';
import type { ServiceRecord } from '@wrenchlog/contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { NotFoundTexts } from '../../components/states';
import { useApi } from '../../core/context';
import { useRights } from '../../core/rights';
import { FormBanner } from '../../core/forms/FormBanner';
import { WithRecord, type RecordFormProps } from '../../core/forms/RecordForm';
import { MOBILE_SCROLL_OFFSET, SCROLL_OFFSET } from '../../core/scroll-offsets';
import { DocumentsSection } from '../documents/DocumentsSection';
import { ScheduleChecklist } from '../schedules/ScheduleChecklist';
import { serviceRecordApi, serviceRecordKeys } from './service-record-api';
import { message } from './service-record-logic';
import { ServiceRecordActions, ServiceRecordHeader } from './ServiceRecordActions';
import { NotesField, ServiceRecordFields } from './ServiceRecordFields';
import { RecordPhotos } from './RecordPhotos';
import { useServiceRecordEditor } from './useServiceRecordEditor';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import './i18n';

/** A deleted, mistyped or someone else's record (404), or an id no record can have. */
export function serviceRecordNotFound(t: TFunction<'serviceRecord'>): NotFoundTexts {
  return { title: t('notFound.title'), backTo: '/services', backLabel: t('notFound.backLabel') };
}

/**
 * The record-form kit's props: an existing record to load (absent or 0: a new one); the machine a new
 * record is for (fast mode hides the machine select then); `onCancel` is what Close does (by default
 * it leaves for the machine's services, or /services); `onDeleted` what follows a delete (by default
 * /services).
 */
export type ServiceRecordFormProps = RecordFormProps<ServiceRecord> & {
  /** A new record's schedules to complete, ticked from the start (the Due page's "Log service", issue 38). */
  completes?: number[];
};

/**
 * The service record form (spec doc 1 sections 2 to 5, doc 2 section 2) in its three modes:
 * fast (quick create, reduced fields), fastView (read-only preview) and full (the whole screen
 * with photos). An existing record is saved on each field blur; a new one on submit. It has its own
 * frame (Back, Close, Clone, the blur-save status) around the kit's loader and banners.
 */
export function ServiceRecordForm(props: ServiceRecordFormProps) {
  const api = useApi();
  const { t } = useTranslation('serviceRecord');
  const recordId = props.recordId && props.recordId > 0 ? props.recordId : undefined;
  return (
    <WithRecord
      recordId={recordId}
      queryKey={serviceRecordKeys.detail(recordId ?? 0)}
      load={(id) => serviceRecordApi.get(api, id)}
      loadingText={t('loading')}
      errorText={message('loadFailed')}
      notFound={serviceRecordNotFound(t)}
    >
      {(record) => <RecordEditor key={record?.id ?? 'new'} {...props} loaded={record} />}
    </WithRecord>
  );
}

function RecordEditor(props: ServiceRecordFormProps & { loaded: ServiceRecord | null }) {
  const { mode, machineId, loaded } = props;
  const editor = useServiceRecordEditor(props);
  const { saved, form } = editor;
  const location = useLocation();
  const mayWrite = useRights().may('record.write');
  const readOnly = mode === 'fastView' || !mayWrite;
  const full = mode === 'full';

  // The #images fragment scrolls to the photos once the record is on screen.
  useEffect(() => {
    if (!full || !loaded || location.hash !== '#images') {
      return;
    }
    const timer = window.setTimeout(() => {
      const target = document.getElementById('images');
      if (target) {
        const offset = window.innerWidth < 768 ? MOBILE_SCROLL_OFFSET : SCROLL_OFFSET;
        window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - offset, behavior: 'smooth' });
      }
    }, 150);
    return () => window.clearTimeout(timer);
  }, [full, loaded, location.hash]);

  return (
    <Stack gap="lg">
      <Card
        component="form"
        padding={full ? 'lg' : 'md'}
        noValidate
        aria-labelledby="service-record-title"
        onSubmit={(e) => {
          e.preventDefault();
          editor.submit();
        }}
      >
        <ServiceRecordHeader editor={editor} mode={mode} titleId="service-record-title" />
        <Stack gap="md">
          <FormBanner banner={editor.notice} onClose={editor.closeNotice} />
          <FormBanner banner={editor.banner} onClose={editor.closeBanner} />
          <ServiceRecordFields editor={editor} mode={mode} machineId={machineId} />
          <ScheduleChecklist
            machineId={form.getValues().machineId}
            recordId={saved?.id ?? null}
            value={editor.checkedSchedules}
            onChange={editor.pickSchedules}
            disabled={readOnly}
          />
          {mode !== 'fast' && <NotesField editor={editor} readOnly={readOnly} />}
          <ServiceRecordActions editor={editor} mode={mode} />
        </Stack>
      </Card>
      {full && <RecordPhotos recordId={saved?.id ?? null} />}
      {full && saved && <DocumentsSection parent="services" parentId={saved.id} />}
      {editor.dialog}
    </Stack>
  );
}
