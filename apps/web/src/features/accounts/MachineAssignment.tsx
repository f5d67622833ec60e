import { Alert, Loader, MultiSelect, Radio, Stack } from '@mantine/core';
import { useMachines } from '../../core/forms/MachineSelect';
import { useTranslation } from 'react-i18next';
import './i18n';

/**
 * An operator's or mechanic's machines: "All machines" (null) or a list. The list offers the
 * account's machines; an empty list is allowed (the member then sees none until given some).
 */
export function MachineAssignment({
  value,
  onChange,
  error,
  description,
  listLabel,
}: {
  value: number[] | null;
  onChange: (next: number[] | null) => void;
  error?: string | null;
  description?: string;
  listLabel?: string;
}) {
  const machines = useMachines();
  const { t } = useTranslation('accounts');
  const all = value === null;
  return (
    <Stack gap={6}>
      <Radio.Group
        label={t('assignment.label')}
        description={description ?? t('assignment.description')}
        value={all ? 'all' : 'some'}
        onChange={(v) => onChange(v === 'all' ? null : (value ?? []))}
      >
        <Stack gap={6} mt={6}>
          <Radio value="all" label={t('assignment.all')} />
          <Radio value="some" label={t('assignment.some')} />
        </Stack>
      </Radio.Group>
      {!all &&
        (machines.isError ? (
          <Alert color="red" variant="light" role="alert">
            {t('machine.failed', { ns: 'forms' })}
          </Alert>
        ) : (
          <MultiSelect
            label={listLabel ?? t('assignment.listLabel')}
            placeholder={machines.isPending ? t('assignment.loading') : t('assignment.choose')}
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
