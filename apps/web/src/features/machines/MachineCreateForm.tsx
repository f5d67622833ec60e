import { Alert, Anchor, Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Machine } from '../../api/types';
import { MACHINE_TEXT_LIMITS } from '@wrenchlog/contracts/limits';
import { errorsAfterBlur, touchAll } from '../../core/forms/error-timing';
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
  const form = useForm<MachineCreateValues>({ initialValues: EMPTY, validate: validateMachineCreate, ...errorsAfterBlur<MachineCreateValues>() });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: true; machine: Machine } | { ok: false; detail?: string } | null>(null);

  async function createMachine(values: MachineCreateValues) {
    setBusy(true);
    setResult(null);
    try {
      const machine = await create.mutateAsync({
        name: values.name.trim(),
        year: Number(values.year),
        make: values.make.trim(),
        model: values.model.trim(),
      });
      setResult({ ok: true, machine });
      form.reset();
      onCreated?.(machine);
    } catch (err) {
      console.error('Machine create failed', err);
      // The values stay so nothing typed is lost; the server's messages say what to change, each
      // under its field until that field changes.
      const fields = serverFieldErrors(err);
      form.setErrors(fields);
      const rest = unplacedMessages(fields, Object.keys(EMPTY));
      setResult({ ok: false, detail: Object.keys(fields).length > 0 ? rest.join(' ') || undefined : refusalDetail(err) });
    } finally {
      setBusy(false);
    }
  }

  // A tried submit shows every message; from then on they follow the typing.
  const onSubmit = form.onSubmit(
    (values) => {
      touchAll(form);
      void createMachine(values);
    },
    () => touchAll(form),
  );

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
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <TextInput label="Year" placeholder="2020" required inputMode="numeric" maxLength={4} autoComplete="off" {...form.getInputProps('year')} />
          <TextInput label="Make" placeholder="Ford" required autoComplete="off" maxLength={MACHINE_TEXT_LIMITS.make.max} {...form.getInputProps('make')} />
          <TextInput label="Model" placeholder="F-150" required autoComplete="off" maxLength={MACHINE_TEXT_LIMITS.model.max} {...form.getInputProps('model')} />
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
