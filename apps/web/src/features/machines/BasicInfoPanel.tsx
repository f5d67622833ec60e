import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Collapse,
  Divider,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconChevronDown, IconChevronUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { MACHINE_TEXT_LIMITS } from '@wrenchlog/contracts/limits';
import { DESKTOP_QUERY } from '../../core/theme';
import type { Machine } from '../../api/types';
import { formatDate, formatNumber, orNA } from '../../lib/format';
import { hoursError, milesError, validateMachineCreate } from './machine-create';
import { errorsAfterSubmit, touchAll } from '../../core/forms/error-timing';
import { refusalDetail } from '../../core/forms/FormBanner';
import { serverFieldErrors, unplacedMessages } from '../../core/forms/server-errors';
import classes from './machine.module.css';
import { fromDraft, toDraft, type Draft } from './machine-draft';
import { useUnits } from '../../core/preferences';
import { AuditLine } from '../../components/AuditLine';
import { useRights } from '../../core/rights';
import { auditOf } from '../../lib/audit';
import { useDeleteMachine, useSetArchived, useUpdateMachine } from './machine-mutations';
import { ArchiveMachineAction } from './ArchiveMachineAction';
import { MachineDeleteDialog } from './MachineDeleteDialog';
import { MachineStatusPicker } from './MachineStatusPicker';
import { PhotoGallery } from './PhotoGallery';
import stockImage from './stock-machine.svg';
import { useMachinePhotos } from './useMachinePhotos';
import { ImageFileInput } from '../../components/ImageFileInput';
import { DateField } from '../../core/forms/DateField';

/** The rules of the editable details: the create form's, and hours and miles. */
function draftErrors(draft: Draft): Partial<Record<keyof Draft, string>> {
  const errors: Partial<Record<keyof Draft, string>> = validateMachineCreate({ name: draft.name, year: draft.year, make: draft.make, model: draft.model });
  const numberErrors = { miles: milesError(draft.miles), hours: hoursError(draft.hours) };
  for (const [key, message] of Object.entries(numberErrors)) {
    if (message) {
      errors[key as keyof Draft] = message;
    }
  }
  return errors;
}

const MESSAGES = {
  saveFailed: 'Failed to update machine details',
  deleteFailed: 'Failed to delete machine',
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.field}>
      <div className={classes.label}>{label}</div>
      <div className={classes.value}>{children}</div>
    </div>
  );
}

export function BasicInfoPanel({ machine }: { machine: Machine }) {
  // Issue 32: Edit and the status for roles that change machines, Delete for those that delete them.
  const { may } = useRights();
  const units = useUnits();
  const update = useUpdateMachine();
  const removeMachine = useDeleteMachine();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState(false);
  // The form's own messages show once Save was pressed; the server's stay under a field until it changes.
  const form = useForm<Draft>({ initialValues: toDraft(machine), validate: draftErrors, ...errorsAfterSubmit<Draft>() });
  const draft = form.getValues();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errorDetail, setErrorDetail] = useState<string | undefined>(undefined);
  const [deleting, setDeleting] = useState(false);
  const setArchived = useSetArchived();
  const profileInput = useRef<HTMLInputElement>(null);
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });

  const { profile, gallery, photoError, setPhotoError, photoBusy, uploadProfile, deleteProfile, uploadGallery, deletePhoto, dialog } =
    useMachinePhotos(machine);

  const input = (key: keyof Draft) => ({
    ...form.getInputProps(key),
    ...(key in MACHINE_TEXT_LIMITS ? { maxLength: MACHINE_TEXT_LIMITS[key as keyof typeof MACHINE_TEXT_LIMITS].max } : {}),
  });

  function resetForm() {
    form.setValues(toDraft(machine));
    form.resetTouched();
    form.clearErrors();
  }

  function startEditing() {
    resetForm();
    setError(null);
    setErrorDetail(undefined);
    setEditing(true);
    setExpanded(true);
  }

  function cancel() {
    setEditing(false);
    resetForm();
    setError(null);
    setErrorDetail(undefined);
  }

  function toggleExpanded() {
    // Collapsing the details cancels editing.
    if (expanded && editing) {
      cancel();
    }
    setExpanded((e) => !e);
  }

  async function save() {
    touchAll(form);
    if (form.validate().hasErrors) {
      return;
    }
    setSaving(true);
    setError(null);
    setErrorDetail(undefined);
    try {
      const next = fromDraft(machine, form.getValues());
      await update.mutateAsync(next);
      setEditing(false);
    } catch (err) {
      console.error('Machine update failed', err);
      // The edits stay; the server's messages say what to change.
      const fields = serverFieldErrors(err);
      form.setErrors(fields);
      setErrorDetail(Object.keys(fields).length > 0 ? unplacedMessages(fields, Object.keys(form.getValues())).join(' ') || undefined : refusalDetail(err));
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
      await removeMachine.mutateAsync(machine.id);
      void navigate('/machines', { replace: true });
    } catch (err) {
      console.error('Machine delete failed', err);
      setError(MESSAGES.deleteFailed);
    }
  }

  async function archive() {
    await setArchived.mutateAsync({ id: machine.id, archived: true });
    setDeleting(false);
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
          <AuditLine record={auditOf(machine, null, machine.lastUpdated)} mt={2} />
        </Box>
      )}
      {editing && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="Year" inputMode="numeric" maxLength={4} {...input('year')} required />
          <TextInput label="Make" {...input('make')} required />
          <TextInput label="Model" {...input('model')} required />
        </SimpleGrid>
      )}
      <MachineStatusPicker machine={machine} disabled={!may('machine.write')} />
    </>
  );

  const actions = (
    <Group gap={4} wrap="nowrap">
      {!editing && may('machine.write') && (
        <Tooltip label="Edit" events={{ hover: true, focus: false, touch: false }}>
          <ActionIcon variant="default" size="lg" aria-label="Edit machine" onClick={startEditing}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {/* Archive is a change of the machine (machine.write), reversible, so it has its own action. */}
      {!editing && !machine.archived && may('machine.write') && <ArchiveMachineAction machine={machine} />}
      {may('machine.delete') && (
        <Tooltip label="Delete" events={{ hover: true, focus: false, touch: false }}>
          <ActionIcon variant="default" size="lg" aria-label="Delete machine" onClick={() => setDeleting(true)}>
            <IconTrash size={18} color="var(--mantine-color-red-7)" />
          </ActionIcon>
        </Tooltip>
      )}
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
            <img
              src={profile.data?.thumbnailUrl ?? stockImage}
              alt={profile.data ? `${machine.name} photo` : 'No photo yet'}
              className={classes.profileImage}
              data-testid="profile-photo"
            />
            {photoBusy === 'profile' && (
              <Box
                pos="absolute"
                inset={0}
                bg="light-dark(rgba(255,255,255,0.6), rgba(0,0,0,0.5))"
                style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
              >
                <Loader size="sm" />
              </Box>
            )}
            {editing && profile.data && (
              <ActionIcon
                className={classes.slotDelete}
                color="red"
                variant="filled"
                size="sm"
                radius="xl"
                aria-label="Delete profile photo"
                onClick={() => void deleteProfile()}
                disabled={photoBusy !== null}
              >
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
          {desktop && (
            <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
              {heading}
            </Stack>
          )}
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
        <Alert
          mt="md"
          color="orange"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title={photoError}
          withCloseButton
          onClose={() => setPhotoError(null)}
        />
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
                <TextInput label="Serial number" description="Serial number or PIN, for equipment without a VIN" {...input('serialNumber')} />
                <TextInput label="License Plate" {...input('license')} />
                <Checkbox
                  label="This is a permanent license plate"
                  checked={draft.isPermanentLicense}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    form.setValues((d) => ({ isPermanentLicense: checked, licenseExpirationDate: checked ? '' : d.licenseExpirationDate }));
                  }}
                  mt={{ sm: 28 }}
                />
                <DateField
                  label="License Expiration Date"
                  {...input('licenseExpirationDate')}
                  disabled={draft.isPermanentLicense}
                  description={draft.isPermanentLicense ? 'Not required for permanent license plates' : undefined}
                />
                <TextInput label="Color" {...input('color')} />
                <TextInput label="Type" placeholder="e.g. Pickup, Excavator, Mower" {...input('type')} />
                <TextInput label="Submodel" {...input('submodel')} />
                <DateField label="Purchase Date" {...input('purchasedDate')} />
                <DateField label="Last Serviced" {...input('lastServicedDate')} />
                <Textarea label="Description" autosize minRows={2} maxRows={6} {...input('description')} style={{ gridColumn: '1 / -1' }} />
              </SimpleGrid>
            ) : (
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md" verticalSpacing="md">
                <Field label="Current Status">{orNA(machine.status)}</Field>
                <Field label="VIN">{orNA(machine.vin)}</Field>
                <Field label="Serial number">{orNA(machine.serialNumber)}</Field>
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
              <PhotoGallery
                photos={gallery.data ?? []}
                editing={editing}
                busy={photoBusy === 'gallery'}
                onAdd={(f) => void uploadGallery(f)}
                onDelete={(p) => void deletePhoto(p)}
              />
            )}
          </div>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <div>
              <div className={classes.sectionTitle}>Insurance Information</div>
              {editing ? (
                <Stack gap="sm">
                  <TextInput label="Provider" {...input('insuranceProvider')} />
                  <TextInput label="Policy Number" {...input('policyNumber')} />
                  <DateField label="Expiration Date" {...input('insuranceExpirationDate')} />
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
                  <NumberInput label="Hours" min={0} clampBehavior="none" decimalScale={1} thousandSeparator="," {...form.getInputProps('hours')} />
                  <NumberInput label="Miles" min={0} clampBehavior="none" allowDecimal={false} thousandSeparator="," {...form.getInputProps('miles')} />
                </SimpleGrid>
              ) : (
                <SimpleGrid cols={2} spacing="md">
                  <Field label="Hours">{formatNumber(machine.hours)}</Field>
                  {/* Issue 34: read in the member's distance unit; edited in whole miles, as stored. */}
                  {units.prefs.distanceUnit === 'mi' ? (
                    <Field label="Miles">{formatNumber(machine.miles)}</Field>
                  ) : (
                    <Field label={`Distance (${units.distanceLabel})`}>{units.distance(machine.miles, false)}</Field>
                  )}
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
