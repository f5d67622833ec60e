import { Alert, Loader, MultiSelect, Radio, Stack } from '@mantine/core';
import { useMachines } from '../../core/forms/MachineSelect';
import { i18n } from '../../core/i18n/i18n';

/**
 * An operator's or mechanic's machines: "All machines" (null) or a list. The list offers the
 * account's machines; an empty list is allowed (the member then sees none until given some).
 */
export function MachineAssignment({
  value,
  onChange,
  error,
  description = 'Which machines this member sees and works on',
  listLabel = 'Assigned machines',
}: {
  value: number[] | null;
  onChange: (next: number[] | null) => void;
  error?: string | null;
  description?: string;
  listLabel?: string;
}) {
  const machines = useMachines();
  const all = value === null;
  return (
    <Stack gap={6}>
      <Radio.Group label="Machines" description={description} value={all ? 'all' : 'some'} onChange={(v) => onChange(v === 'all' ? null : (value ?? []))}>
        <Stack gap={6} mt={6}>
          <Radio value="all" label="All machines" />
          <Radio value="some" label="Only these machines" />
        </Stack>
      </Radio.Group>
      {!all &&
        (machines.isError ? (
          <Alert color="red" variant="light" role="alert">
            {i18n.t('machine.failed', { ns: 'forms' })}
          </Alert>
        ) : (
          <MultiSelect
            label={listLabel}
            placeholder={machines.isPending ? 'Loading...' : 'Choose machines'}
            rightSection={machines.isPending ? <Loader size="xs" /> : undefined}
            data={(machines.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
            value={(value ?? []).map(String)}
            onChange={(ids) => onChange(ids.map(Number))}
            searchable
            clearable
            error={error}
            comboboxProps={{ withinPortal: true }}
          />
        ))}
    </Stack>
  );
}
