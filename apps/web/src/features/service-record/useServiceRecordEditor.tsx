import { Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ServiceRecord } from '@wrenchlog/contracts';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useConfirm } from '../../components/confirm';
import { useApi } from '../../core/context';
import { errorsAfterSubmit, touchAll } from '../../core/forms/error-timing';
import { refusalDetail, type Banner } from '../../core/forms/FormBanner';
import type { RecordFormProps } from '../../core/forms/RecordForm';
import { serverFieldErrors, unplacedMessages } from '../../core/forms/server-errors';
import { useStoredCompletions } from '../schedules/ScheduleChecklist';
import { serviceRecordApi, useCreateServiceRecord, useDeleteServiceRecord, useUpdateServiceRecord } from './service-record-api';
import { cloneRecord, differs, MESSAGES, newDraft, statusForCompletions, toBody, toDraft, validate, type Draft } from './service-record-logic';
import { isQueuedOffline } from '../../core/offline/queued';
import { useSchedulePrefill } from './useSchedulePrefill';
import { queuedBanner } from '../../core/offline/queued-banner';

/** Navigation state this form hands to the record it opens next. */
interface FormNavState {
  created?: boolean;
}

/**
 * The service record form's state and writes (spec doc 1 sections 2 to 5): the fields on `useForm`
 * (messages once a save was refused or a create tried, then following the typing; the server's under
 * their fields until changed), an existing record saved on each field blur (one save after another),
 * a new one on submit, Clone, Delete, Back and Close.
 */
export function useServiceRecordEditor({
  mode,
  machineId,
  onSaved,
  onCancel,
  onDeleted,
  completes: initialCompletes,
  loaded,
}: RecordFormProps<ServiceRecord> & { loaded: ServiceRecord | null; completes?: number[] }) {
  const api = useApi();
  const createRecord = useCreateServiceRecord();
  const update = useUpdateServiceRecord();
  const deleteRecord = useDeleteServiceRecord();
  const navigate = useNavigate();
  const location = useLocation();
  const { confirm, dialog } = useConfirm();
  const readOnly = mode === 'fastView';
  const full = mode === 'full';

  // A new record opened to complete schedules (the Due page's "Log service") starts with them ticked.
  const startCompletes = loaded ? null : (initialCompletes ?? []);
  const form = useForm<Draft>({
    initialValues: loaded ? toDraft(loaded) : { ...newDraft(machineId), status: statusForCompletions(newDraft(machineId).status, startCompletes ?? []) },
    validate,
    ...errorsAfterSubmit<Draft>(),
  });
  // The stored copy: state to render, a ref for the saves queued before the last render.
  const [saved, setSaved] = useState(loaded);
  const savedRef = useRef(loaded);
  const [created, setCreated] = useState<Banner | null>(() =>
    (location.state as FormNavState | null)?.created && loaded ? { kind: 'success', title: MESSAGES.created } : null,
  );
  const [failure, setFailureBanner] = useState<Banner | null>(null);
  const [saving, setSaving] = useState(false);
  const [busy, setBusy] = useState<'create' | 'clone' | 'delete' | null>(null);
  // Blur saves run one after another, each with the values of its moment.
  const queue = useRef<Promise<void>>(Promise.resolve());
  // Schedules this record completes: picked on a new record, saved at once on an existing one.
  const values = form.getValues();
  const storedCompletes = useStoredCompletions(values.machineId, saved?.id ?? null);
  const [completes, setCompletes] = useState<number[] | null>(startCompletes);
  useSchedulePrefill(form, startCompletes);

  /** Once a save was refused or a create tried, the rules' messages show (over the server's) and follow the typing. */
  const ruleErrors = () => (form.isTouched() ? validate(form.getValues()) : {});

  /** Shows every rule's message from now on (over the server's), as they follow the typing. */
  function showRuleErrors() {
    touchAll(form);
    const found = validate(form.getValues());
    form.setErrors((current) => ({ ...current, ...found }));
  }

  /** Whether `values` may be sent; when not, the rules' messages show. */
  function check(values: Draft): boolean {
    if (Object.keys(validate(values)).length === 0) {
      return true;
    }
    showRuleErrors();
    return false;
  }

  /** The failure banner (null clears it); the server's field messages go under their fields, the rest into the banner. */
  function setFailure(text: string | null, err?: unknown) {
    const fields = serverFieldErrors(err);
    form.setErrors({ ...fields, ...ruleErrors() });
    const detail = Object.keys(fields).length > 0 ? unplacedMessages(fields, Object.keys(form.getValues())).join(' ') : refusalDetail(err);
    setFailureBanner(text === null ? null : { kind: 'error', title: text, detail: detail || undefined });
  }

  /** Takes values set by a field other than a text box: as a typed change, a server message on it goes. */
  function change(patch: Partial<Draft>) {
    form.setValues(patch);
    for (const field of Object.keys(patch) as (keyof Draft & string)[]) {
      if (form.isTouched(field)) {
        form.validateField(field);
      } else {
        form.clearFieldError(field);
      }
    }
  }

  async function saveExisting(next: Draft) {
    const current = savedRef.current;
    if (!current || !differs(next, current)) {
      return;
    }
    if (!check(next)) {
      return; // nothing is sent; the field messages say what is missing
    }
    setSaving(true);
    setFailure(null);
    try {
      const stored = await update.mutateAsync({ previous: current, body: toBody(next) });
      savedRef.current = stored;
      setSaved(stored);
      onSaved?.(stored);
    } catch (err) {
      console.error('Service record update failed', err);
      // The local copy goes back to what the server holds.
      form.setValues(toDraft(current));
      setFailure(MESSAGES.updateFailed, err);
    } finally {
      setSaving(false);
    }
  }

  /** Takes a field's final value and, for an existing record, saves it (spec doc 1 section 4). */
  function commit(patch: Partial<Draft> = {}): Promise<void> {
    change(patch);
    if (!savedRef.current || readOnly) {
      return Promise.resolve();
    }
    const next = form.getValues();
    queue.current = queue.current.then(() => saveExisting(next));
    return queue.current;
  }

  async function saveCompletions(ids: number[]) {
    const current = savedRef.current;
    if (!current || readOnly || !check(form.getValues())) {
      return;
    }
    setCompletes(ids);
    const task = async () => {
      setSaving(true);
      setFailure(null);
      try {
        const stored = await update.mutateAsync({ previous: current, body: { ...toBody(form.getValues()), completesScheduleIds: ids } });
        savedRef.current = stored;
        setSaved(stored);
        onSaved?.(stored);
      } catch (err) {
        console.error('Service record update failed', err);
        setCompletes(null);
        setFailure(MESSAGES.updateFailed);
      } finally {
        setSaving(false);
      }
    };
    queue.current = queue.current.then(task);
    return queue.current;
  }

  async function create() {
    // A tried create shows the messages from now on, whether or not it goes through.
    showRuleErrors();
    if (!form.isValid()) {
      return;
    }
    setBusy('create');
    setFailure(null);
    setCreated(null);
    try {
      const record = await createRecord.mutateAsync({ ...toBody(form.getValues()), ...(completes?.length ? { completesScheduleIds: completes } : {}) });
      onSaved?.(record);
      if (full) {
        // The saved record opens in place, where photos can be added.
        void navigate(`/service-record/${record.id}`, { replace: true, state: { created: true } satisfies FormNavState });
        return;
      }
      form.setValues(newDraft(machineId));
      form.resetTouched();
      form.clearErrors();
      setCompletes([]);
      setCreated({
        kind: 'success',
        title: MESSAGES.created,
        detail: (
          <Button component={Link} to={`/service-record/${record.id}`} size="compact-xs" variant="subtle">
            View Details
          </Button>
        ),
      });
    } catch (err) {
      if (isQueuedOffline(err)) {
        // Offline (issue 34): kept on the device and sent later; the form is clear for the next one.
        form.setValues(newDraft(machineId));
        form.resetTouched();
        form.clearErrors();
        setCompletes([]);
        setCreated(queuedBanner(err));
        return;
      }
      console.error('Service record create failed', err);
      setFailure(MESSAGES.saveFailed, err);
    } finally {
      setBusy(null);
    }
  }

  async function clone() {
    const current = savedRef.current;
    if (!current) {
      setFailure(MESSAGES.nothingToClone);
      return;
    }
    setBusy('clone');
    setFailure(null);
    let source: ServiceRecord;
    try {
      source = await serviceRecordApi.get(api, current.id);
    } catch (err) {
      console.error('Service record fetch for clone failed', err);
      setFailure(MESSAGES.cloneFetchFailed);
      setBusy(null);
      return;
    }
    try {
      const copy = await createRecord.mutateAsync(toBody(toDraft(cloneRecord(source))));
      void navigate(`/service-record/${copy.id}`, { state: { created: true } satisfies FormNavState });
    } catch (err) {
      console.error('Service record clone failed', err);
      setFailure(MESSAGES.cloneFailed);
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    const current = savedRef.current;
    if (!current || !(await confirm(MESSAGES.confirmDelete, 'Delete'))) {
      return;
    }
    setBusy('delete');
    setFailure(null);
    try {
      await deleteRecord.mutateAsync(current);
      if (onDeleted) {
        onDeleted();
      } else {
        void navigate('/services');
      }
    } catch (err) {
      console.error('Service record delete failed', err);
      setFailure(MESSAGES.deleteFailed);
      setBusy(null);
    }
  }

  const back = () => (location.key !== 'default' ? void navigate(-1) : void navigate('/services'));
  function close() {
    if (onCancel) {
      onCancel();
      return;
    }
    const machine = savedRef.current?.machineId ?? form.getValues().machineId;
    void navigate(machine ? `/machines/${machine}?tab=service` : '/services');
  }

  return {
    form,
    saved,
    saving,
    busy,
    created,
    failure,
    closeCreated: () => setCreated(null),
    closeFailure: () => setFailure(null),
    checkedSchedules: completes ?? storedCompletes ?? [],
    /** A new record's picks wait for the create; an existing record's are saved at once. */
    pickSchedules: (ids: number[]) => {
      // A record still "New" that completes schedules is done (issue 38): the status says so.
      const status = statusForCompletions(form.getValues().status, ids);
      if (status !== form.getValues().status) {
        change({ status });
      }
      void (savedRef.current ? saveCompletions(ids) : setCompletes(ids));
    },
    /** Another machine's schedules: on a new record nothing picked carries over. */
    pickMachine: (id: number | null) => {
      if (!savedRef.current) {
        setCompletes([]);
      }
      void commit({ machineId: id });
    },
    change,
    commit,
    submit: () => void (savedRef.current ? commit() : create()),
    clone,
    remove,
    back,
    close,
    dialog,
  };
}

export type ServiceRecordEditor = ReturnType<typeof useServiceRecordEditor>;
