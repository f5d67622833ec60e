import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { AuditLine } from '../../components/AuditLine';
import type { AuditedFields } from '../../lib/audit';
import { Page } from '../../components/PageHeader';
import { ErrorState, isNotFound, LoadingState, NotFoundState, type NotFoundTexts } from '../../components/states';
import { DeleteRecordDialog } from './DeleteRecordDialog';
import { FormBanner, refusalDetail, type Banner } from './FormBanner';
import { LEAVING, type SubmitState } from './useSubmit';
import { idFromParam, modeFromQuery, type FormMode } from './form-rules';
import { useTranslation } from 'react-i18next';
import './i18n';

// The record-form kit. Every record form (fuel record, part purchase, service record) takes
// `RecordFormProps` and loads an existing record through `WithRecord`. The fuel and purchase forms
// also share the frame: the title and banner above the fields, the action row with its delete
// confirmation, what Cancel and Delete do, and the route page. The service record form keeps its own
// frame (saves on each field blur, Clone, Close and Back: spec doc 1 sections 2 to 5).

/** The props of a record form. */
export interface RecordFormProps<T> {
  mode: FormMode;
  recordId?: number;
  /** The machine the record is for; without it the form shows a machine select. */
  machineId?: number;
  onSaved?: (record: T) => void;
  /** Cancel in an embedded form; by default the full screen leaves and fast mode clears the form. */
  onCancel?: () => void;
  /** After a delete; by default the form leaves for the machine's history. */
  onDeleted?: () => void;
}

/** Loads the record when there is an id; renders the form with it (or null for a new one). */
export function WithRecord<T extends { id: number }>({
  recordId,
  queryKey,
  load,
  loadingText,
  errorText,
  notFound,
  children,
}: {
  recordId?: number;
  queryKey: readonly unknown[];
  load: (id: number) => Promise<T>;
  loadingText: string;
  errorText: string;
  notFound: NotFoundTexts;
  children: (record: T | null) => ReactNode;
}) {
  const query = useQuery({ queryKey, queryFn: () => load(recordId ?? 0), enabled: recordId !== undefined });
  if (recordId !== undefined) {
    if (query.isPending) {
      return <LoadingState text={loadingText} />;
    }
    if (isNotFound(query.error)) {
      return <NotFoundState {...notFound} />;
    }
    if (query.isError) {
      return <ErrorState text={errorText} onRetry={() => void query.refetch()} />;
    }
  }
  return children(query.data ?? null);
}

/** A shown record's delete, as `useRecordFormActions` runs it; `leaveTo` is where the form goes afterwards. */
export interface RecordDeletion {
  /** The entity's delete mutation, which forgets the cached record and refreshes the lists that showed it. */
  remove: () => Promise<unknown>;
  leaveTo: string;
  failTitle: string;
}

/**
 * The props `RecordFormFrame` takes from a record form's state (the record exists when it can be
 * deleted), so each form adds only its own texts. Cancel: the embedding page's `onCancel`; without
 * one the full screen leaves for `cancelTo` and fast mode clears the form (`reset`) and its banner.
 * Delete (after the confirmation): `deletion` (null for a new record) runs through the form's submit
 * cycle, then `onDeleted`, or the form goes to `deletion.leaveTo`.
 */
export function useRecordFormActions({
  mode,
  onCancel,
  onDeleted,
  reset,
  submit,
  cancelTo,
  deletion,
}: {
  mode: FormMode;
  onCancel?: () => void;
  onDeleted?: () => void;
  reset: () => void;
  /** The form's submit cycle (`useSubmit`): busy, the banner as its outcome; Delete runs through it too. */
  submit: Pick<SubmitState<Banner>, 'busy' | 'outcome' | 'setOutcome' | 'run'>;
  cancelTo: string;
  deletion: RecordDeletion | null;
}) {
  const { busy, outcome: banner, setOutcome: setBanner, run } = submit;
  const navigate = useNavigate();

  function cancel() {
    if (onCancel) {
      onCancel();
    } else if (mode === 'full') {
      void navigate(cancelTo);
    } else {
      reset();
      setBanner(null);
    }
  }

  // The delete mutation, then leave (busy until gone); a refusal shows failTitle and the form stays.
  async function onDelete() {
    if (deletion) {
      const { remove, leaveTo, failTitle } = deletion;
      await run(
        async () => {
          await remove();
          (onDeleted ?? (() => void navigate(leaveTo)))();
          return LEAVING;
        },
        { log: `${failTitle}:`, failure: (err) => ({ kind: 'error', title: failTitle, detail: refusalDetail(err) }) },
      );
    }
  }

  return { frame: { mode, busy, banner, onBannerClose: () => setBanner(null), exists: deletion !== null, onCancel: cancel, onDelete } };
}

export interface RecordFormActionsProps {
  /** Whether an existing record is shown (delete and Full Details need one). */
  exists: boolean;
  mode: FormMode;
  busy: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
  /** The full screen of the record, offered in fast and fastView mode. */
  fullDetailsTo?: string;
  onCancel: () => void;
  deleteTitle: string;
  deleteMessage: string;
  /** Settles when the delete is done or has failed; the dialog closes then. */
  onDelete: () => Promise<void>;
  /** False: the member's role may not change this kind of record (issue 32): no submit, no Delete. */
  mayWrite?: boolean;
}

/** Delete (with its titled confirmation), Cancel, Full Details and the submit button. */
export function RecordFormActions({
  exists,
  mode,
  busy,
  submitLabel,
  submitDisabled,
  fullDetailsTo,
  onCancel,
  deleteTitle,
  deleteMessage,
  onDelete,
  mayWrite = true,
}: RecordFormActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const { t } = useTranslation('forms');
  const readOnly = mode === 'fastView' || !mayWrite;
  const canDelete = exists && !readOnly;
  return (
    <>
      <Group justify={canDelete ? 'space-between' : 'flex-end'} gap="sm">
        {canDelete && (
          <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={busy}>
            {t('confirm.delete', { ns: 'common' })}
          </Button>
        )}
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('confirm.cancel', { ns: 'common' })}
          </Button>
          {exists && mode !== 'full' && fullDetailsTo && (
            <Button variant="light" component={Link} to={fullDetailsTo}>
              {t('fullDetails')}
            </Button>
          )}
          {!readOnly && (
            <Button type="submit" disabled={submitDisabled} loading={busy}>
              {submitLabel}
            </Button>
          )}
        </Group>
      </Group>
      <DeleteRecordDialog
        opened={confirming}
        title={deleteTitle}
        message={deleteMessage}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onDelete().finally(() => setConfirming(false))}
      />
    </>
  );
}

/**
 * A record form: the title (a page heading on the full screen, a section heading in fast and fastView
 * mode), the banner, the fields (`children`), then `RecordFormActions`.
 */
export function RecordFormFrame({
  title,
  banner,
  onBannerClose,
  onSubmit,
  audit,
  children,
  ...actions
}: RecordFormActionsProps & {
  title: string;
  /** Who added and last changed the record (issue 32). */
  audit?: AuditedFields | null;
  banner: Banner | null;
  onBannerClose: () => void;
  onSubmit: (e: FormEvent) => Promise<void>;
  children: ReactNode;
}) {
  const full = actions.mode === 'full';
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={title}>
      <Stack gap="md">
        <Title order={full ? 1 : 2} fz={full ? { base: 24, md: 30 } : 'xl'}>
          {title}
        </Title>
        <AuditLine record={audit} mt={-8} />
        <FormBanner banner={banner} onClose={onBannerClose} />
        {children}
        <RecordFormActions {...actions} />
      </Stack>
    </form>
  );
}

export interface RecordRouteProps {
  mode: FormMode;
  recordId?: number;
  machineId?: number;
}

/** A record form's route (`/x`, `/x/{id}`; query `machineId` and `mode`): the full screen unless mode says otherwise. */
export function RecordPage({ notFound, children }: { notFound: NotFoundTexts; children: (props: RecordRouteProps) => ReactNode }) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const recordId = idFromParam(id);
  return (
    <Page>
      <Card maw={880} mx="auto" padding="xl">
        {id !== undefined && recordId === undefined ? (
          // No record has an id like this one: the same answer as a deleted record.
          <NotFoundState {...notFound} />
        ) : (
          children({ mode: modeFromQuery(params.get('mode'), 'full'), recordId, machineId: recordId ? undefined : idFromParam(params.get('machineId')) })
        )}
      </Card>
    </Page>
  );
}
