import { ActionIcon, Alert, Autocomplete, Box, Button, Card, Checkbox, Collapse, Divider, Group, Loader, NumberInput, SimpleGrid, Stack, Text, TextInput, Textarea, Title, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconChevronDown, IconChevronUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { IMAGE_TYPE_MESSAGE, MACHINE_TEXT_LIMITS } from '@wrenchlog/contracts/limits';
import { useApi } from '../../app/context';
import { DESKTOP_QUERY } from '../../app/theme';
import { machineKeys, machinesApi } from '../../api/machines';
import type { Machine, MachineListItem, MachinePhoto } from '../../api/types';
import { useConfirm } from '../../components/confirm';
import { formatDate, formatNumber, orNA } from '../../lib/format';
import { ACCEPTED_IMAGE_TYPES, prepareImages } from '../../lib/image-resize';
import { processFailedText } from '../service-record/service-record-logic';
import { atOnePmLocal, toDateInput } from '../../lib/machine-dates';
import { hoursError, milesError, validateMachineCreate } from './machine-create';
import { refusalDetail } from '../fast-create/FormBanner';
import { serverFieldErrors, unplacedMessages } from '../forms/server-errors';
import classes from './machine.module.css';
import { useSetArchived } from './machine-archive';
import { MachineDeleteDialog } from './MachineDeleteDialog';
import { PhotoGallery } from './PhotoGallery';
import stockImage from './stock-machine.svg';
import { ImageFileInput } from '../../components/ImageFileInput';

export const STATUS_SUGGESTIONS = ['Good', 'Needs Service', 'Needs Maintenance', 'Out of Service', 'Under Repair', 'Retired', 'Sold'];
export const MESSAGES = {
  statusFailed: 'Failed to update machine status',
  saveFailed: 'Failed to update machine details',
  deleteFailed: 'Failed to delete machine',
  confirmPhotoDelete: 'Are you sure you want to delete this photo?',
};

/** The editable copy of a machine: text inputs hold strings. */
interface Draft {
  name: string;
  year: string;
  make: string;
  model: string;
  submodel: string;
  vin: string;
  color: string;
  description: string;
  type: string;
  purchasedDate: string;
  lastServicedDate: string;
  miles: number | string;
  hours: number | string;
  license: string;
  licenseExpirationDate: string;
  isPermanentLicense: boolean;
  insuranceProvider: string;
  policyNumber: string;
  insuranceExpirationDate: string;
}

function toDraft(m: Machine): Draft {
  return {
    name: m.name ?? '',
    year: m.year === null || m.year === undefined ? '' : String(m.year),
    make: m.make ?? '',
    model: m.model ?? '',
    submodel: m.submodel ?? '',
    vin: m.vin ?? '',
    color: m.color ?? '',
    description: m.description ?? '',
    type: m.type ?? '',
    purchasedDate: toDateInput(m.purchasedDate),
    lastServicedDate: toDateInput(m.lastServicedDate),
    miles: m.miles ?? '',
    hours: m.hours ?? '',
    license: m.license ?? '',
    licenseExpirationDate: toDateInput(m.licenseExpirationDate),
    isPermanentLicense: Boolean(m.isPermanentLicense),
    insuranceProvider: m.insuranceProvider ?? '',
    policyNumber: m.policyNumber ?? '',
    insuranceExpirationDate: toDateInput(m.insuranceExpirationDate),
  };
}

const text = (v: string) => (v.trim() ? v.trim() : null);
const num = (v: number | string) => (v === '' || v === null || Number.isNaN(Number(v)) ? null : Number(v));

/** The whole machine for PUT /api/machines/update. */
export function fromDraft(machine: Machine, d: Draft): Machine {
  return {
    ...machine,
    name: d.name.trim(),
    // Required and checked before saving.
    year: Number(d.year),
    make: d.make.trim(),
    model: d.model.trim(),
    submodel: text(d.submodel),
    vin: text(d.vin),
    color: text(d.color),
    description: text(d.description),
    type: text(d.type),
    purchasedDate: atOnePmLocal(d.purchasedDate),
    lastServicedDate: atOnePmLocal(d.lastServicedDate),
    miles: num(d.miles),
    hours: num(d.hours),
    license: text(d.license),
    isPermanentLicense: d.isPermanentLicense,
    licenseExpirationDate: d.isPermanentLicense ? null : d.licenseExpirationDate || null,
    insuranceProvider: text(d.insuranceProvider),
    policyNumber: text(d.policyNumber),
    insuranceExpirationDate: d.insuranceExpirationDate || null,
  };
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.field}>
      <div className={classes.label}>{label}</div>
      <div className={classes.value}>{children}</div>
    </div>
  );
}

function StatusPicker({ machine }: { machine: Machine }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const current = machine.status ?? '';
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The value being sent, so the blur after picking an option does not send it twice.
  const inFlight = useRef<string | null>(null);
  // Follow the saved status when it changes (a save, a reload).
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setValue(current);
  }

  async function commit(next: string) {
    const status = next.trim();
    if (!status) {
      setValue(current);
      return;
    }
    if (status === current || status === inFlight.current) {
      setValue(status);
      return;
    }
    inFlight.current = status;
    setValue(status);
    setError(null);
    setSaving(true);
    try {
      const saved = await machinesApi.update(api, { id: machine.id, status });
      queryClient.setQueryData<Machine>(machineKeys.detail(machine.id), (old) => (old ? { ...old, ...(saved && typeof saved === 'object' ? saved : {}), status } : old));
      void queryClient.invalidateQueries({ queryKey: machineKeys.list() });
      void queryClient.invalidateQueries({ queryKey: machineKeys.recent() });
    } catch (err) {
      console.error('Status update failed', err);
      // The previous status comes back.
      setValue(current);
      const reason = refusalDetail(err);
      setError(reason ? `${MESSAGES.statusFailed}: ${reason}` : MESSAGES.statusFailed);
    } finally {
      inFlight.current = null;
      setSaving(false);
    }
  }

  return (
    <Autocomplete
      label="Status"
      aria-label="Machine status"
      placeholder="Pick or type a status"
      maxLength={MACHINE_TEXT_LIMITS.status.max}
      data={STATUS_SUGGESTIONS}
      value={value}
      onChange={setValue}
      onOptionSubmit={(v) => void commit(v)}
      onBlur={() => void commit(value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          void commit(e.currentTarget.value);
        }
      }}
      error={error}
      rightSection={saving ? <Loader size={14} /> : null}
      w={{ base: '100%', sm: 260 }}
      comboboxProps={{ withinPortal: true }}
      filter={({ options }) => options}
    />
  );
}

export function BasicInfoPanel({ machine }: { machine: Machine }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => toDraft(machine));
  const [showErrors, setShowErrors] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errorDetail, setErrorDetail] = useState<string | undefined>(undefined);
  // The server's messages for a refused save, each under its field until that field changes.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [photoBusy, setPhotoBusy] = useState<'profile' | 'gallery' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const setArchived = useSetArchived();
  const profileInput = useRef<HTMLInputElement>(null);
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });

  // Asked only when the machine has one: no 404 round trip for the stock image.
  const profile = useQuery({ queryKey: machineKeys.profilePhoto(machine.id), queryFn: () => machinesApi.profilePhoto(api, machine.id), enabled: machine.profilePhoto !== null && machine.profilePhoto !== undefined });
  const gallery = useQuery({ queryKey: machineKeys.gallery(machine.id), queryFn: () => machinesApi.gallery(api, machine.id) });

  const errors: Partial<Record<keyof Draft, string>> = { ...validateMachineCreate({ name: draft.name, year: draft.year, make: draft.make, model: draft.model }) };
  const numberErrors = { miles: milesError(draft.miles), hours: hoursError(draft.hours) };
  for (const [key, message] of Object.entries(numberErrors)) {
    if (message) {
      errors[key as keyof Draft] = message;
    }
  }
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setServerErrors(({ [key]: _, ...rest }) => rest);
  };
  /** The message under a field: the form's own rule once Save was pressed, else the server's. */
  const fieldError = (key: keyof Draft) => (showErrors ? errors[key] : undefined) ?? serverErrors[key];
  const input = (key: keyof Draft) => ({
    value: draft[key] as string,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.currentTarget.value as never),
    error: fieldError(key),
    ...(key in MACHINE_TEXT_LIMITS ? { maxLength: MACHINE_TEXT_LIMITS[key as keyof typeof MACHINE_TEXT_LIMITS].max } : {}),
  });

  function startEditing() {
    setDraft(toDraft(machine));
    setShowErrors(false);
    setError(null);
    setErrorDetail(undefined);
    setServerErrors({});
    setEditing(true);
    setExpanded(true);
  }

  function cancel() {
    setEditing(false);
    setDraft(toDraft(machine));
    setError(null);
    setErrorDetail(undefined);
    setServerErrors({});
    setShowErrors(false);
  }

  function toggleExpanded() {
    // Collapsing the details cancels editing.
    if (expanded && editing) {
      cancel();
    }
    setExpanded((e) => !e);
  }

  async function save() {
    setShowErrors(true);
    if (Object.keys(errors).length > 0) {
      return;
    }
    setSaving(true);
    setError(null);
    setErrorDetail(undefined);
    setServerErrors({});
    try {
      const next = fromDraft(machine, draft);
      const saved = await machinesApi.update(api, next);
      queryClient.setQueryData(machineKeys.detail(machine.id), saved && typeof saved === 'object' ? saved : next);
      void queryClient.invalidateQueries({ queryKey: machineKeys.list() });
      void queryClient.invalidateQueries({ queryKey: machineKeys.recent() });
      setEditing(false);
    } catch (err) {
      console.error('Machine update failed', err);
      // The edits stay; the server's messages say what to change.
      const fields = serverFieldErrors(err);
      setServerErrors(fields);
      setErrorDetail(Object.keys(fields).length > 0 ? unplacedMessages(fields, Object.keys(draft)).join(' ') || undefined : refusalDetail(err));
      setError(MESSAGES.saveFailed);
    } finally {
      setSaving(false);
    }
  }

  // The dialog (MachineDeleteDialog) says what goes with the machine and offers Archive instead.
  async function remove() {
    setDeleting(false);
    setError(null);
    try {
      await machinesApi.remove(api, machine.id);
      queryClient.removeQueries({ queryKey: machineKeys.detail(machine.id) });
      // Drop it from the cached lists at once, so the list never shows it again while refetching.
      for (const key of [machineKeys.list(), machineKeys.recent()]) {
        queryClient.setQueryData<MachineListItem[]>(key, (rows) => rows?.filter((row) => row.id !== machine.id));
      }
      void queryClient.invalidateQueries({ queryKey: machineKeys.all });
      void navigate('/machines', { replace: true });
    } catch (err) {
      console.error('Machine delete failed', err);
      setError(MESSAGES.deleteFailed);
    }
  }

  async function archive() {
    await setArchived(machine, true);
    setDeleting(false);
  }

  async function uploadProfile(file: File) {
    setPhotoError(null);
    if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) {
      setPhotoError(IMAGE_TYPE_MESSAGE);
      return;
    }
    setPhotoBusy('profile');
    try {
      // A file the browser cannot read says so by name, as the service record photos do.
      const { prepared, failed } = await prepareImages([file]);
      if (failed.length > 0) {
        console.error('Profile photo could not be processed', failed[0].reason);
        setPhotoError(processFailedText(file.name, failed[0].reason));
        return;
      }
      const { original, thumbnail } = prepared[0];
      const photo = await machinesApi.uploadProfilePhoto(api, machine.id, original, thumbnail);
      queryClient.setQueryData(machineKeys.profilePhoto(machine.id), photo);
      queryClient.setQueryData<Machine>(machineKeys.detail(machine.id), (old) => (old ? { ...old, profilePhoto: photo.id } : old));
    } catch (err) {
      console.error('Profile photo upload failed', err);
      setPhotoError(refusalDetail(err) ?? 'The photo could not be uploaded. Please try again.');
    } finally {
      setPhotoBusy(null);
    }
  }

  async function deleteProfile() {
    if (!(await confirm(MESSAGES.confirmPhotoDelete, 'Yes, delete'))) {
      return;
    }
    setPhotoError(null);
    setPhotoBusy('profile');
    try {
      await machinesApi.deleteProfilePhoto(api, machine.id);
      queryClient.setQueryData(machineKeys.profilePhoto(machine.id), null);
      queryClient.setQueryData<Machine>(machineKeys.detail(machine.id), (old) => (old ? { ...old, profilePhoto: null } : old));
    } catch (err) {
      console.error('Profile photo delete failed', err);
      setPhotoError('The photo could not be deleted. Please try again.');
    } finally {
      setPhotoBusy(null);
    }
  }

  async function uploadGallery(files: File[]) {
    setPhotoError(null);
    if (files.some((f) => !ACCEPTED_IMAGE_TYPES.includes(f.type))) {
      setPhotoError(IMAGE_TYPE_MESSAGE);
      return;
    }
    setPhotoBusy('gallery');
    // Files the browser cannot read are named in the message; the others are still uploaded.
    const notes: string[] = [];
    try {
      const { prepared, failed } = await prepareImages(files);
      for (const f of failed) {
        console.error('Gallery photo could not be processed', f.file.name, f.reason);
        notes.push(processFailedText(f.file.name, f.reason));
      }
      setPhotoError(notes.join(' ') || null);
      if (prepared.length === 0) {
        return;
      }
      await machinesApi.uploadGallery(api, machine.id, prepared);
      await queryClient.invalidateQueries({ queryKey: machineKeys.gallery(machine.id) });
    } catch (err) {
      console.error('Gallery upload failed', err);
      setPhotoError([...notes, refusalDetail(err) ?? 'The photos could not be uploaded. Please try again.'].join(' '));
    } finally {
      setPhotoBusy(null);
    }
  }

  async function deletePhoto(photo: MachinePhoto) {
    if (!(await confirm(MESSAGES.confirmPhotoDelete, 'Yes, delete'))) {
      return;
    }
    setPhotoError(null);
    setPhotoBusy('gallery');
    try {
      await machinesApi.deleteGallery(api, machine.id, [photo.id]);
      await queryClient.invalidateQueries({ queryKey: machineKeys.gallery(machine.id) });
    } catch (err) {
      console.error('Photo delete failed', err);
      setPhotoError('The photo could not be deleted. Please try again.');
    } finally {
      setPhotoBusy(null);
    }
  }

  const heading = (
    <>
      {editing ? (
        <TextInput label="Name" {...input('name')} required />
      ) : (
        <Box style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, md: 28 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
            {machine.name}
          </Title>
          <Text c="dimmed" size="md">
            {[machine.year, machine.make, machine.model].filter((v) => v !== null && v !== undefined && String(v).trim()).join(' ') || 'n/a'}
          </Text>
        </Box>
      )}
      {editing && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="Year" inputMode="numeric" maxLength={4} {...input('year')} required />
          <TextInput label="Make" {...input('make')} required />
          <TextInput label="Model" {...input('model')} required />
        </SimpleGrid>
      )}
      <StatusPicker machine={machine} />
    </>
  );

  const actions = (
    <Group gap={4} wrap="nowrap">
      {!editing && (
        <Tooltip label="Edit" events={{ hover: true, focus: false, touch: false }}>
          <ActionIcon variant="default" size="lg" aria-label="Edit machine" onClick={startEditing}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label="Delete" events={{ hover: true, focus: false, touch: false }}>
        <ActionIcon variant="default" size="lg" aria-label="Delete machine" onClick={() => setDeleting(true)}>
          <IconTrash size={18} color="var(--mantine-color-red-7)" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={expanded ? 'Collapse' : 'Expand'} events={{ hover: true, focus: false, touch: false }}>
        <ActionIcon variant="default" size="lg" aria-label={expanded ? 'Collapse details' : 'Expand details'} aria-expanded={expanded} onClick={toggleExpanded}>
          {expanded ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  const licenseExpiry = machine.isPermanentLicense ? 'Permanent' : formatDate(machine.licenseExpirationDate);

  return (
    <Card padding="lg" data-testid="basic-info">
      {dialog}
      {deleting && <MachineDeleteDialog machine={machine} onClose={() => setDeleting(false)} onDelete={remove} onArchive={archive} />}
      {/* Photo, name and actions side by side on wide screens; on phones the name gets its own row. */}
      <Group align="flex-start" gap={desktop ? 'lg' : 'md'} wrap="nowrap" justify="space-between">
        <Group align="flex-start" gap="lg" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
          <Box className={classes.profile}>
            <img src={profile.data?.thumbnailUrl ?? stockImage} alt={profile.data ? `${machine.name} photo` : 'No photo yet'} className={classes.profileImage} data-testid="profile-photo" />
            {photoBusy === 'profile' && (
              <Box pos="absolute" inset={0} bg="rgba(255,255,255,0.6)" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                <Loader size="sm" />
              </Box>
            )}
            {editing && profile.data && (
              <ActionIcon className={classes.slotDelete} color="red" variant="filled" size="sm" radius="xl" aria-label="Delete profile photo" onClick={() => void deleteProfile()} disabled={photoBusy !== null}>
                <IconTrash size={14} />
              </ActionIcon>
            )}
            {editing && (
              <button type="button" className={classes.change} onClick={() => profileInput.current?.click()} disabled={photoBusy !== null}>
                Change
              </button>
            )}
            <ImageFileInput ref={profileInput} testId="profile-input" onFiles={([file]) => void uploadProfile(file)} />
          </Box>
          {desktop && <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>{heading}</Stack>}
        </Group>
        {actions}
      </Group>
      {!desktop && (
        <Stack gap="sm" mt="md">
          {heading}
        </Stack>
      )}
      {error && (
        <Alert mt="md" color="red" variant="light" icon={<IconAlertCircle size={18} />} title={error} role="alert">
          {errorDetail}
        </Alert>
      )}
      {photoError && (
        <Alert mt="md" color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={photoError} withCloseButton onClose={() => setPhotoError(null)} />
      )}
      <Collapse expanded={expanded} transitionDuration={200}>
        <Divider my="lg" />
        <Stack gap="xl">
          <div>
            <div className={classes.sectionTitle}>Details</div>
            {editing ? (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                <Field label="Current Status">{orNA(machine.status)}</Field>
                <TextInput label="VIN" {...input('vin')} />
                <TextInput label="License Plate" {...input('license')} />
                <Checkbox
                  label="This is a permanent license plate"
                  checked={draft.isPermanentLicense}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    setDraft((d) => ({ ...d, isPermanentLicense: checked, licenseExpirationDate: checked ? '' : d.licenseExpirationDate }));
                  }}
                  mt={{ sm: 28 }}
                />
                <TextInput
                  label="License Expiration Date"
                  type="date"
                  {...input('licenseExpirationDate')}
                  disabled={draft.isPermanentLicense}
                  description={draft.isPermanentLicense ? 'Not required for permanent license plates' : undefined}
                />
                <TextInput label="Color" {...input('color')} />
                <TextInput label="Type" placeholder="e.g. Pickup, Excavator, Mower" {...input('type')} />
                <TextInput label="Submodel" {...input('submodel')} />
                <TextInput label="Purchase Date" type="date" {...input('purchasedDate')} />
                <TextInput label="Last Serviced" type="date" {...input('lastServicedDate')} />
                <Textarea label="Description" autosize minRows={2} maxRows={6} {...input('description')} style={{ gridColumn: '1 / -1' }} />
              </SimpleGrid>
            ) : (
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md" verticalSpacing="md">
                <Field label="Current Status">{orNA(machine.status)}</Field>
                <Field label="VIN">{orNA(machine.vin)}</Field>
                <Field label="License Plate">{orNA(machine.license)}</Field>
                <Field label="License Expiration Date">{licenseExpiry}</Field>
                <Field label="Color">{orNA(machine.color)}</Field>
                <Field label="Type">{orNA(machine.type)}</Field>
                <Field label="Submodel">{orNA(machine.submodel)}</Field>
                <Field label="Purchase Date">{formatDate(machine.purchasedDate)}</Field>
                <Field label="Last Serviced">{formatDate(machine.lastServicedDate)}</Field>
                <Box style={{ gridColumn: '1 / -1' }}>
                  <Field label="Description">{orNA(machine.description)}</Field>
                </Box>
              </SimpleGrid>
            )}
          </div>
          <div>
            <div className={classes.sectionTitle}>Additional Photos</div>
            {gallery.isError ? (
              <Text size="sm" c="dimmed">
                Photos could not be loaded.
              </Text>
            ) : !editing && gallery.isSuccess && gallery.data.length === 0 ? (
              <Text size="sm" c="dimmed">
                No photos yet. Edit the machine to add up to 5.
              </Text>
            ) : (
              <PhotoGallery photos={gallery.data ?? []} editing={editing} busy={photoBusy === 'gallery'} onAdd={(f) => void uploadGallery(f)} onDelete={(p) => void deletePhoto(p)} />
            )}
          </div>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <div>
              <div className={classes.sectionTitle}>Insurance Information</div>
              {editing ? (
                <Stack gap="sm">
                  <TextInput label="Provider" {...input('insuranceProvider')} />
                  <TextInput label="Policy Number" {...input('policyNumber')} />
                  <TextInput label="Expiration Date" type="date" {...input('insuranceExpirationDate')} />
                </Stack>
              ) : (
                <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
                  <Field label="Provider">{orNA(machine.insuranceProvider)}</Field>
                  <Field label="Policy Number">{orNA(machine.policyNumber)}</Field>
                  <Field label="Expiration Date">{formatDate(machine.insuranceExpirationDate)}</Field>
                </SimpleGrid>
              )}
            </div>
            <div>
              <div className={classes.sectionTitle}>Usage Statistics</div>
              {editing ? (
                <SimpleGrid cols={2} spacing="sm">
                  {/* No clamping: a negative value is refused with a message, never silently made 0. */}
                  <NumberInput label="Hours" min={0} clampBehavior="none" decimalScale={1} thousandSeparator="," value={draft.hours} onChange={(v) => set('hours', v)} error={fieldError('hours')} />
                  <NumberInput label="Miles" min={0} clampBehavior="none" allowDecimal={false} thousandSeparator="," value={draft.miles} onChange={(v) => set('miles', v)} error={fieldError('miles')} />
                </SimpleGrid>
              ) : (
                <SimpleGrid cols={2} spacing="md">
                  <Field label="Hours">{formatNumber(machine.hours)}</Field>
                  <Field label="Miles">{formatNumber(machine.miles)}</Field>
                </SimpleGrid>
              )}
            </div>
          </SimpleGrid>
        </Stack>
      </Collapse>
      {editing && (
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={cancel} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={saving}>
            Save Changes
          </Button>
        </Group>
      )}
    </Card>
  );
}
