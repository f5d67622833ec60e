import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Flex,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconCopy, IconExternalLink, IconPhoto, IconTrash, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ServiceRecord } from '@wrenchlog/contracts';
import { ServiceRecordLimits } from '@wrenchlog/contracts/limits';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useApi } from '../../core/context';
import { machineKeys, machinesApi } from '../../api/machines';
import { useConfirm } from '../../components/confirm';
import type { NotFoundTexts } from '../../components/states';
import { refusalDetail } from '../../core/forms/FormBanner';
import { WithRecord, type RecordFormProps } from '../../core/forms/RecordForm';
import { serverFieldErrors, unplacedMessages } from '../../core/forms/server-errors';
import { MOBILE_SCROLL_OFFSET, SCROLL_OFFSET } from '../../core/scroll-offsets';
import { ScheduleChecklist, useStoredCompletions } from '../schedules/ScheduleChecklist';
import { FocusClearField } from './FocusClearField';
import { SERVICE_TYPES } from '../../core/service-types';
import { MilesField } from './MilesField';
import { serviceRecordApi, serviceRecordKeys, useCreateServiceRecord, useDeleteServiceRecord, useUpdateServiceRecord } from './service-record-api';
import {
  cloneRecord,
  differs,
  MESSAGES,
  newDraft,
  PLANNED_SERVICE,
  today,
  STATUS_SUGGESTIONS,
  toBody,
  toDraft,
  validate,
  type Draft,
} from './service-record-logic';
import { ServicePhotos } from './ServicePhotos';
import { DocumentsSection } from '../documents/DocumentsSection';

/** A deleted, mistyped or someone else's record (404), or an id no record can have. */
export const SERVICE_RECORD_NOT_FOUND: NotFoundTexts = { title: 'Service record not found', backTo: '/services', backLabel: 'Browse services' };

/**
 * The record-form kit's props: an existing record to load (absent or 0: a new one); the machine a new
 * record is for (fast mode hides the machine select then); `onCancel` is what Close does (by default
 * it leaves for the machine's services, or /services); `onDeleted` what follows a delete (by default
 * /services).
 */
export type ServiceRecordFormProps = RecordFormProps<ServiceRecord>;

/** Navigation state this form hands to the record it opens next. */
interface FormNavState {
  created?: boolean;
}

/**
 * The service record form (spec doc 1 sections 2 to 5, doc 2 section 2) in its three modes:
 * fast (quick create, reduced fields), fastView (read-only preview) and full (the whole screen
 * with photos). An existing record is saved on each field blur; a new one on submit.
 */
export function ServiceRecordForm(props: ServiceRecordFormProps) {
  const api = useApi();
  const recordId = props.recordId && props.recordId > 0 ? props.recordId : undefined;
  return (
    <WithRecord
      recordId={recordId}
      queryKey={serviceRecordKeys.detail(recordId ?? 0)}
      load={(id) => serviceRecordApi.get(api, id)}
      loadingText="Loading service record..."
      errorText={MESSAGES.loadFailed}
      notFound={SERVICE_RECORD_NOT_FOUND}
    >
      {(record) => <RecordEditor key={record?.id ?? 'new'} {...props} saved={record} />}
    </WithRecord>
  );
}

function RecordEditor({ mode, machineId, onSaved, onCancel, onDeleted, saved: loaded }: ServiceRecordFormProps & { saved: ServiceRecord | null }) {
  const api = useApi();
  const createRecord = useCreateServiceRecord();
  const update = useUpdateServiceRecord();
  const deleteRecord = useDeleteServiceRecord();
  const navigate = useNavigate();
  const location = useLocation();
  const { confirm, dialog } = useConfirm();
  const readOnly = mode === 'fastView';
  const full = mode === 'full';

  const [saved, setSaved] = useState(loaded);
  const savedRef = useRef(loaded);
  const [draft, setDraftState] = useState<Draft>(() => (loaded ? toDraft(loaded) : newDraft(machineId)));
  const draftRef = useRef(draft);
  const [showErrors, setShowErrors] = useState(false);
  const [banner, setBanner] = useState<string | null>(() => ((location.state as FormNavState | null)?.created && loaded ? MESSAGES.created : null));
  const [error, setErrorState] = useState<{ text: string; detail?: string } | null>(null);
  // The server's messages for a refused save, each under its field until that field changes.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const setError = (text: string | null, err?: unknown) => {
    const fields = serverFieldErrors(err);
    setServerErrors(fields);
    const detail = Object.keys(fields).length > 0 ? unplacedMessages(fields, Object.keys(draftRef.current)).join(' ') : refusalDetail(err);
    setErrorState(text === null ? null : { text, detail: detail || undefined });
  };
  const [saving, setSaving] = useState(false);
  const [busy, setBusy] = useState<'create' | 'clone' | 'delete' | null>(null);
  // Fast mode: the record just created, for its View Details link.
  const [lastCreated, setLastCreated] = useState<number | null>(null);
  // Blur saves run one after another, each with the draft of its moment.
  const queue = useRef<Promise<void>>(Promise.resolve());

  const showMachine = !(mode === 'fast' && machineId);
  const machines = useQuery({ queryKey: machineKeys.list(), queryFn: () => machinesApi.all(api), enabled: showMachine && !readOnly });
  const imageCount = useQuery({
    queryKey: serviceRecordKeys.imageCount(saved?.id ?? 0),
    queryFn: () => serviceRecordApi.imageCount(api, saved!.id),
    enabled: readOnly && saved !== null,
  });
  const errors: Partial<Record<string, string>> = { ...serverErrors, ...(showErrors ? validate(draft) : {}) };
  // Schedules this record completes: picked on a new record, saved at once on an existing one.
  const storedCompletes = useStoredCompletions(draft.machineId, saved?.id ?? null);
  const [completes, setCompletes] = useState<number[] | null>(loaded ? null : []);
  const checkedSchedules = completes ?? storedCompletes ?? [];

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

  const setDraft = (next: Draft) => {
    draftRef.current = next;
    setDraftState(next);
  };
  const change = (patch: Partial<Draft>) => {
    setDraft({ ...draftRef.current, ...patch });
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !(field in patch))));
  };

  async function saveCompletions(ids: number[]) {
    const current = savedRef.current;
    if (!current || readOnly) {
      return;
    }
    if (Object.keys(validate(draftRef.current)).length > 0) {
      setShowErrors(true);
      return;
    }
    setCompletes(ids);
    const task = async () => {
      setSaving(true);
      setError(null);
      try {
        await update.mutateAsync({ previous: current, body: { ...toBody(draftRef.current), completesScheduleIds: ids } });
      } catch (err) {
        console.error('Service record update failed', err);
        setCompletes(null);
        setError(MESSAGES.updateFailed);
      } finally {
        setSaving(false);
      }
    };
    queue.current = queue.current.then(task);
    return queue.current;
  }

  async function saveExisting(next: Draft) {
    const current = savedRef.current;
    if (!current || !differs(next, current)) {
      return;
    }
    if (Object.keys(validate(next)).length > 0) {
      // Nothing is sent; the field messages say what is missing.
      setShowErrors(true);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const stored = await update.mutateAsync({ previous: current, body: toBody(next) });
      savedRef.current = stored;
      setSaved(stored);
      onSaved?.(stored);
    } catch (err) {
      console.error('Service record update failed', err);
      // The local copy goes back to what the server holds.
      setDraft(toDraft(current));
      setError(MESSAGES.updateFailed, err);
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
    const next = draftRef.current;
    queue.current = queue.current.then(() => saveExisting(next));
    return queue.current;
  }

  async function create() {
    setShowErrors(true);
    if (Object.keys(validate(draftRef.current)).length > 0) {
      return;
    }
    setBusy('create');
    setError(null);
    setBanner(null);
    try {
      const created = await createRecord.mutateAsync({ ...toBody(draftRef.current), ...(completes?.length ? { completesScheduleIds: completes } : {}) });
      onSaved?.(created);
      if (full) {
        // The saved record opens in place, where photos can be added.
        void navigate(`/service-record/${created.id}`, { replace: true, state: { created: true } satisfies FormNavState });
        return;
      }
      setDraft(newDraft(machineId));
      setCompletes([]);
      setShowErrors(false);
      setBanner(MESSAGES.created);
      setLastCreated(created.id);
    } catch (err) {
      console.error('Service record create failed', err);
      setError(MESSAGES.saveFailed, err);
    } finally {
      setBusy(null);
    }
  }
  async function clone() {
    const current = savedRef.current;
    if (!current) {
      setError(MESSAGES.nothingToClone);
      return;
    }
    setBusy('clone');
    setError(null);
    let source: ServiceRecord;
    try {
      source = await serviceRecordApi.get(api, current.id);
    } catch (err) {
      console.error('Service record fetch for clone failed', err);
      setError(MESSAGES.cloneFetchFailed);
      setBusy(null);
      return;
    }
    try {
      const copy = cloneRecord(source);
      const created = await createRecord.mutateAsync(toBody(toDraft(copy)));
      void navigate(`/service-record/${created.id}`, { state: { created: true } satisfies FormNavState });
    } catch (err) {
      console.error('Service record clone failed', err);
      setError(MESSAGES.cloneFailed);
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
    setError(null);
    try {
      await deleteRecord.mutateAsync(current);
      if (onDeleted) {
        onDeleted();
      } else {
        void navigate('/services');
      }
    } catch (err) {
      console.error('Service record delete failed', err);
      setError(MESSAGES.deleteFailed);
      setBusy(null);
    }
  }

  const back = () => (location.key !== 'default' ? void navigate(-1) : void navigate('/services'));
  const close = () => {
    if (onCancel) {
      onCancel();
      return;
    }
    const machine = savedRef.current?.machineId ?? draftRef.current.machineId;
    void navigate(machine ? `/machines/${machine}?tab=service` : '/services');
  };

  const machineOptions = (machines.data ?? []).map((m) => ({ value: String(m.id), label: m.name }));
  if (draft.machineId && !machineOptions.some((o) => o.value === String(draft.machineId))) {
    // The current machine shows by name before (or without) the list.
    machineOptions.unshift({
      value: String(draft.machineId),
      label: (saved?.machineId === draft.machineId ? saved.machineName : null) ?? `Machine ${draft.machineId}`,
    });
  }

  const existing = saved !== null;
  const title = existing ? 'Service Record Details' : 'Create Service Record';
  const extras = mode !== 'fast';
  const blur = () => void commit();

  const price = (
    <NumberInput
      label="Price"
      prefix="$"
      value={draft.price}
      onChange={(v) => change({ price: v === '' ? '' : Number(v) })}
      onBlur={blur}
      disabled={readOnly}
      min={0}
      max={9999999.99}
      decimalScale={2}
      thousandSeparator=","
      allowNegative={false}
      hideControls
    />
  );

  const fields = (
    <>
      <SimpleGrid cols={{ base: 1, sm: mode === 'fast' ? 1 : 2 }} spacing="md" verticalSpacing="sm">
        {showMachine && (
          <Select
            label="Machine"
            required
            placeholder={machines.isPending && !readOnly ? 'Loading machines...' : 'Pick a machine'}
            data={machineOptions}
            value={draft.machineId ? String(draft.machineId) : null}
            onChange={(v) => {
              if (!savedRef.current) {
                // Another machine's schedules: nothing picked carries over.
                setCompletes([]);
              }
              void commit({ machineId: v ? Number(v) : null });
            }}
            searchable
            nothingFoundMessage="No machines match"
            disabled={readOnly}
            error={machines.isError ? MESSAGES.machinesFailed : errors.machineId}
            rightSection={machines.isFetching && !readOnly ? <Loader size={14} /> : undefined}
          />
        )}
        <TextInput
          label="Title"
          required
          value={draft.title}
          onChange={(e) => change({ title: e.currentTarget.value })}
          onBlur={blur}
          disabled={readOnly}
          error={errors.title}
          maxLength={ServiceRecordLimits.title}
        />
        <FocusClearField
          label="Service Status"
          value={draft.status}
          options={STATUS_SUGGESTIONS}
          disabled={readOnly}
          error={errors.status}
          onCommit={(status) => void commit({ status })}
        />
        <FocusClearField
          label="Service Type"
          value={draft.serviceType}
          options={SERVICE_TYPES}
          strict
          disabled={readOnly}
          onCommit={(serviceType) => void commit({ serviceType })}
        />
        <TextInput
          label="Service Date"
          type="date"
          required
          value={draft.serviceDate}
          onChange={(e) => change({ serviceDate: e.currentTarget.value })}
          onBlur={blur}
          disabled={readOnly}
          error={errors.serviceDate}
          // A date ahead is allowed (a planned service), but said, in case it was a typo.
          description={!readOnly && draft.serviceDate > today() ? PLANNED_SERVICE : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <TextInput
          label="Service Shop"
          value={draft.serviceShop}
          onChange={(e) => change({ serviceShop: e.currentTarget.value })}
          onBlur={blur}
          disabled={readOnly}
          error={errors.serviceShop}
          maxLength={ServiceRecordLimits.serviceShop}
        />
        {!extras && price}
      </SimpleGrid>
      {extras && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" verticalSpacing="sm">
          {price}
          <MilesField value={draft.miles} disabled={readOnly} onChange={(miles) => change({ miles })} onBlur={blur} />
          <NumberInput
            label="Hours"
            value={draft.hours}
            onChange={(v) => change({ hours: v === '' ? '' : Number(v) })}
            onBlur={blur}
            disabled={readOnly}
            min={0}
            decimalScale={1}
            thousandSeparator=","
            allowNegative={false}
            hideControls
          />
        </SimpleGrid>
      )}
    </>
  );

  return (
    <Stack gap="lg">
      <Card
        component="form"
        padding={full ? 'lg' : 'md'}
        noValidate
        aria-labelledby="service-record-title"
        onSubmit={(e) => {
          e.preventDefault();
          void (existing ? commit() : create());
        }}
      >
        <Group justify="space-between" wrap="nowrap" gap="sm" mb="md">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {full && (
              <Tooltip label="Back">
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Back" onClick={back}>
                  <IconArrowLeft size={20} />
                </ActionIcon>
              </Tooltip>
            )}
            <Title order={full ? 1 : 2} fz={full ? { base: 22, md: 26 } : 'xl'} id="service-record-title" lh={1.2}>
              {title}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {existing && !readOnly && (
              <Text size="xs" c="dimmed" aria-live="polite" visibleFrom="xs">
                {saving ? 'Saving...' : 'Changes save when you leave a field'}
              </Text>
            )}
            {readOnly && imageCount.data !== undefined && (
              <Badge variant="light" leftSection={<IconPhoto size={12} />}>
                {imageCount.data === 1 ? '1 photo' : `${imageCount.data} photos`}
              </Badge>
            )}
            {mode !== 'fast' && (
              <Tooltip label="Close">
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Close" onClick={close}>
                  <IconX size={20} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>
        <Stack gap="md">
          {banner && (
            <Alert color="green" variant="light" withCloseButton onClose={() => setBanner(null)} closeButtonLabel="Dismiss" role="status">
              <Group gap="sm" justify="space-between">
                <Text size="sm">{banner}</Text>
                {lastCreated !== null && (
                  <Button component={Link} to={`/service-record/${lastCreated}`} size="compact-xs" variant="subtle">
                    View Details
                  </Button>
                )}
              </Group>
            </Alert>
          )}
          {error && (
            <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setError(null)} closeButtonLabel="Dismiss">
              <Text size="sm" fw={600}>
                {error.text}
              </Text>
              {error.detail && <Text size="sm">{error.detail}</Text>}
            </Alert>
          )}
          {fields}
          <ScheduleChecklist
            machineId={draft.machineId}
            recordId={saved?.id ?? null}
            value={checkedSchedules}
            onChange={(ids) => void (existing ? saveCompletions(ids) : setCompletes(ids))}
            disabled={readOnly}
          />
          {extras && (
            <Textarea
              label="Notes"
              rows={8}
              value={draft.notes}
              onChange={(e) => change({ notes: e.currentTarget.value })}
              onBlur={blur}
              disabled={readOnly}
              error={errors.notes}
              maxLength={ServiceRecordLimits.notes}
              styles={{ input: { minHeight: 150, maxHeight: 400, resize: 'vertical' } }}
            />
          )}
          <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="space-between" gap="sm">
            {full && existing ? (
              <Flex direction={{ base: 'column', xs: 'row' }} gap="sm">
                <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => void clone()} loading={busy === 'clone'} disabled={busy !== null}>
                  Clone Record
                </Button>
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => void remove()}
                  loading={busy === 'delete'}
                  disabled={busy !== null}
                >
                  Delete Record
                </Button>
              </Flex>
            ) : (
              <span />
            )}
            {readOnly ? (
              existing && (
                <Button component={Link} to={`/service-record/${saved.id}`} rightSection={<IconExternalLink size={16} />}>
                  Full Details
                </Button>
              )
            ) : (
              <Button type="submit" loading={busy === 'create' || saving} disabled={busy !== null && busy !== 'create'}>
                {existing ? 'Update Service Record' : 'Create Service Record'}
              </Button>
            )}
          </Flex>
        </Stack>
      </Card>
      {full && <ServicePhotos recordId={saved?.id ?? null} />}
      {full && saved && <DocumentsSection parent="services" parentId={saved.id} />}
      {dialog}
    </Stack>
  );
}
