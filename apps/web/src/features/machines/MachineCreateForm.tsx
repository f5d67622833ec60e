import { Alert, Anchor, Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Machine } from '../../api/types';
import { MACHINE_TEXT_LIMITS } from '@wrenchlog/contracts/limits';
import { refusalDetail } from '../../core/forms/FormBanner';
import { serverFieldErrors, unplacedMessages } from '../../core/forms/server-errors';
import { useCreateMachine } from './machine-mutations';
import { validateMachineCreate, type MachineCreateValues } from './machine-create';

const EMPTY: MachineCreateValues = { name: '', year: '', make: '', model: '' };
export const MACHINE_CREATED = 'Machine created successfully!';
export const MACHINE_CREATE_FAILED = 'Failed to create machine. Please try again.';

/** 'Create New Machine' (spec doc 2): name, year, make, model. Used in a dialog and on /fast-create. */
export function MachineCreateForm({ onCreated, withTitle = true }: { onCreated?: (machine: Machine) => void; withTitle?: boolean }) {
  const create = useCreateMachine();
  const [values, setValues] = useState<MachineCreateValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof MachineCreateValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: true; machine: Machine } | { ok: false; detail?: string } | null>(null);
  // The server's own messages for a refused create, each under its field until that field changes.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const errors = validateMachineCreate(values);
  const show = (field: keyof MachineCreateValues) => (submitted || touched[field] ? errors[field] : undefined) ?? serverErrors[field];

  const field = (name: keyof MachineCreateValues) => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setServerErrors(({ [name]: _, ...rest }) => rest);
    },
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: show(name),
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) {
      return;
    }
    setBusy(true);
    setResult(null);
    setServerErrors({});
    try {
      const machine = await create.mutateAsync({
        name: values.name.trim(),
        year: Number(values.year),
        make: values.make.trim(),
        model: values.model.trim(),
      });
      setResult({ ok: true, machine });
      setValues(EMPTY);
      setTouched({});
      setSubmitted(false);
      onCreated?.(machine);
    } catch (err) {
      console.error('Machine create failed', err);
      // The values stay so nothing typed is lost; the server's messages say what to change.
      const fields = serverFieldErrors(err);
      setServerErrors(fields);
      const rest = unplacedMessages(fields, Object.keys(EMPTY));
      setResult({ ok: false, detail: Object.keys(fields).length > 0 ? rest.join(' ') || undefined : refusalDetail(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create New Machine">
      <Stack gap="md">
        {withTitle && (
          <Title order={2} fz="xl">
            Create New Machine
          </Title>
        )}
        {result?.ok && (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} title={MACHINE_CREATED} role="status">
            <Anchor component={Link} to={`/machines/${result.machine.id}`} fw={600} size="sm">
              Open {result.machine.name}
            </Anchor>
          </Alert>
        )}
        {result && !result.ok && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={MACHINE_CREATE_FAILED} role="alert">
            {result.detail}
          </Alert>
        )}
        {/* data-autofocus: a dialog starts on Name, not on its Close button (a typed space would close it). */}
        <TextInput
          label="Name"
          placeholder="e.g. Blue F-150, Excavator #2"
          required
          autoComplete="off"
          maxLength={MACHINE_TEXT_LIMITS.name.max}
          data-autofocus
          {...field('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <TextInput label="Year" placeholder="2020" required inputMode="numeric" maxLength={4} autoComplete="off" {...field('year')} />
          <TextInput label="Make" placeholder="Ford" required autoComplete="off" maxLength={MACHINE_TEXT_LIMITS.make.max} {...field('make')} />
          <TextInput label="Model" placeholder="F-150" required autoComplete="off" maxLength={MACHINE_TEXT_LIMITS.model.max} {...field('model')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Create New Machine
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
