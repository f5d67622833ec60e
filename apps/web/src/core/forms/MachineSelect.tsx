import { Anchor, NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MACHINE_LIST_MAX } from '@wrenchlog/contracts/limits';
import { useApi } from '../context';
import { machineKeys, machinesApi } from '../../api/machines';
import { formatCount } from '../../lib/format';
import { useTranslation } from 'react-i18next';
import './i18n';

/** The signed-in user's machines (one cached query shared by every machine select). */
export function useMachines() {
  const api = useApi();
  return useQuery({ queryKey: machineKeys.list(), queryFn: () => machinesApi.all(api) });
}

export interface MachineSelectProps {
  /** The chosen machine id as text; '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  /** The label of the empty choice when a machine is optional (e.g. 'No machine'). */
  noneLabel?: string;
}

/** 'Machine' select of the record forms: loads the user's machines; 'Failed to load machines' with a retry. */
export function MachineSelect({ value, onChange, onBlur, error, disabled, required, noneLabel }: MachineSelectProps) {
  const api = useApi();
  const { t } = useTranslation('forms');
  const machines = useMachines();
  const sorted = [...(machines.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  // A record's machine that the list leaves out (archived) is read by its id, to show its name.
  const missingId = machines.isSuccess && value && !sorted.some((m) => String(m.id) === value) ? Number(value) : null;
  const missing = useQuery({
    queryKey: machineKeys.detail(missingId ?? 0),
    queryFn: () => machinesApi.get(api, missingId!),
    enabled: missingId != null,
    retry: false,
  });
  let first = noneLabel ?? t('machine.select');
  if (machines.isPending) {
    first = t('machine.loading');
  } else if (machines.isSuccess && sorted.length === 0 && !noneLabel) {
    first = t('machine.none');
  }
  const data = [{ value: '', label: first }, ...sorted.map((m) => ({ value: String(m.id), label: m.name }))];
  // A machine that is not in the list (still loading, archived, or failed) stays selectable.
  if (value && !data.some((o) => o.value === value)) {
    let label = t('machine.byId', { id: value });
    if (machines.isPending) {
      label = t('machine.loading');
    } else if (missing.data) {
      label = missing.data.archived ? t('machine.archived', { name: missing.data.name }) : missing.data.name;
    }
    data.push({ value, label });
  }
  const loadError = machines.isError ? (
    <>
      {t('machine.failed')}.{' '}
      <Anchor component="button" type="button" size="xs" onClick={() => void machines.refetch()}>
        {t('states.retry', { ns: 'common' })}
      </Anchor>
    </>
  ) : undefined;
  return (
    <NativeSelect
      label={t('machine.label')}
      required={required}
      disabled={disabled}
      data={data}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={onBlur}
      error={loadError ?? error}
      description={sorted.length >= MACHINE_LIST_MAX ? t('machine.bound', { max: formatCount(MACHINE_LIST_MAX) }) : undefined}
    />
  );
}
