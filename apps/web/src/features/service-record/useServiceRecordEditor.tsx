import { Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ServiceRecord } from '@wrenchlog/contracts';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useConfirm } from '../../components/confirm';
import { useApi } from '../../core/context';
import { errorsAfterSubmit, touchAll } from '../../core/forms/error-timing';
import { refusalDetail, type Banner } from '../../core/forms/FormBanner';
import { LEAVING, useSubmit, type SubmitFailure } from '../../core/forms/useSubmit';
import type { RecordFormProps } from '../../core/forms/RecordForm';
import { serverFieldErrors, unplacedMessages } from '../../core/forms/server-errors';
import { useStoredCompletions } from '../schedules/ScheduleChecklist';
import { serviceRecordApi, useCreateServiceRecord, useDeleteServiceRecord, useUpdateServiceRecord } from './service-record-api';
import { cloneRecord, differs, message, newDraft, statusForCompletions, toBody, toDraft, validate, type Draft } from './service-record-logic';
import { isQueuedOffline } from '../../core/offline/queued';
import { useSchedulePrefill } from './useSchedulePrefill';
import { queuedBanner } from '../../core/offline/queued-banner';
import { useTranslation } from 'react-i18next';

/** The writes of the form, each a run of its submit cycle; `save` is a blur save (or the schedules' picks). */
type Action = 'save' | 'create' | 'clone' | 'delete';
/** The actions whose button shows busy and holds the others (a blur save only spins the submit button). */
const BUTTONS = ['create', 'clone', 'delete'] as const;

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
  const { t } = useTranslation();
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
  // The previous screen's word (a create or clone opened this record): it stays until closed, above the banner.
  const [notice, setNotice] = useState<Banner | null>(() =>
    (location.state as FormNavState | null)?.created && loaded ? { kind: 'success', title: message('created') } : null,
  );
  // Every write runs through the one submit cycle: busy per action, the banner its outcome.
  const submit = useSubmit<Banner, Action>({ log: 'Service record update failed', failure: (err) => refused(message('updateFailed'), err) });
  const { outcome: banner, setOutcome: setBanner } = submit;
  const busy = BUTTONS.find((key) => submit.busyWith(key)) ?? null;
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

  /** A failure's banner: the server's field messages (of `err`) go under their fields, the rest into the banner. */
  function refused(title: string, err?: unknown): Banner {
    const fields = serverFieldErrors(err);
    form.setErrors({ ...fields, ...ruleErrors() });
    const detail = Object.keys(fields).length > 0 ? unplacedMessages(fields, Object.keys(form.getValues())).join(' ') : refusalDetail(err);
    return { kind: 'error', title, detail: detail || undefined };
  }

  /** One write through the submit cycle; as it starts, the server's field messages of the last one go. */
  function send(key: Action, task: () => Promise<void | typeof LEAVING>, failed: SubmitFailure<Banner>) {
    return submit.run(
      async () => {
        form.setErrors(ruleErrors());
        return task();
      },
      { key, ...failed },
    );
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
    await send(
      'save',
      async () => {
        const stored = await update.mutateAsync({ previous: current, body: toBody(next) });
        savedRef.current = stored;
        setSaved(stored);
        onSaved?.(stored);
      },
      {
        log: 'Service record update failed',
        failure: (err) => {
          // The local copy goes back to what the server holds.
          form.setValues(toDraft(current));
          return refused(message('updateFailed'), err);
        },
      },
    );
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
    const task = () =>
      send(
        'save',
        async () => {
          const stored = await update.mutateAsync({ previous: current, body: { ...toBody(form.getValues()), completesScheduleIds: ids } });
          savedRef.current = stored;
          setSaved(stored);
          onSaved?.(stored);
        },
        {
          log: 'Service record update failed',
          failure: () => {
            setCompletes(null);
            return refused(message('updateFailed'));
          },
        },
      );
    queue.current = queue.current.then(task);
    return queue.current;
  }

  /** A new record's form, empty again for the next one (fast mode, after a create or one kept offline). */
  function clearForNext() {
    form.setValues(newDraft(machineId));
    form.resetTouched();
    form.clearErrors();
    setCompletes([]);
  }

  async function create() {
    // A tried create shows the messages from now on, whether or not it goes through.
    showRuleErrors();
    if (!form.isValid()) {
      return;
    }
    setNotice(null);
    await send(
      'create',
      async () => {
        let record: ServiceRecord;
        try {
          record = await createRecord.mutateAsync({ ...toBody(form.getValues()), ...(completes?.length ? { completesScheduleIds: completes } : {}) });
        } catch (err) {
          if (!isQueuedOffline(err)) {
            throw err;
          }
          // Offline (issue 34): kept on the device and sent later; the form is clear for the next one.
          clearForNext();
          setBanner(queuedBanner(err));
          return;
        }
        onSaved?.(record);
        if (full) {
          // The saved record opens in place, where photos can be added.
          void navigate(`/service-record/${record.id}`, { replace: true, state: { created: true } satisfies FormNavState });
          return LEAVING;
        }
        clearForNext();
        setBanner({
          kind: 'success',
          title: message('created'),
          detail: (
            <Button component={Link} to={`/service-record/${record.id}`} size="compact-xs" variant="subtle">
              {t('actions.viewDetails', { ns: 'serviceRecord' })}
            </Button>
          ),
        });
      },
      { log: 'Service record create failed', failure: (err) => refused(message('saveFailed'), err) },
    );
  }

  async function clone() {
    const current = savedRef.current;
    if (!current) {
      setBanner(refused(message('nothingToClone')));
      return;
    }
    // Its two steps fail with their own words: the read, then the create of the copy.
    let read = false;
    await send(
      'clone',
      async () => {
        const source = await serviceRecordApi.get(api, current.id);
        read = true;
        const copy = await createRecord.mutateAsync(toBody(toDraft(cloneRecord(source))));
        void navigate(`/service-record/${copy.id}`, { state: { created: true } satisfies FormNavState });
        return LEAVING;
      },
      { log: 'Service record clone failed', failure: () => refused(read ? message('cloneFailed') : message('cloneFetchFailed')) },
    );
  }

  async function remove() {
    const current = savedRef.current;
    if (!current || !(await confirm(message('confirmDelete'), t('confirm.delete')))) {
      return;
    }
    await send(
      'delete',
      async () => {
        await deleteRecord.mutateAsync(current);
        if (onDeleted) {
          onDeleted();
        } else {
          void navigate('/services');
        }
        return LEAVING;
      },
      { log: 'Service record delete failed', failure: () => refused(message('deleteFailed')) },
    );
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
    saving: submit.busyWith('save'),
    busy,
    notice,
    banner,
    closeNotice: () => setNotice(null),
    closeBanner: () => {
      // A failure's server messages under the fields leave with it.
      if (banner?.kind === 'error') {
        form.setErrors(ruleErrors());
      }
      setBanner(null);
    },
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
