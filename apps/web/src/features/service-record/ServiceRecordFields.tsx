import { Loader, NumberInput, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useRights } from '../../core/rights';
import { useQuery } from '@tanstack/react-query';
import type { ServiceRecord } from '@wrenchlog/contracts';
import { ServiceRecordLimits } from '@wrenchlog/contracts/limits';
import { machineKeys, machinesApi } from '../../api/machines';
import { useApi } from '../../core/context';
import type { FormMode } from '../../core/forms/form-rules';
import { SERVICE_TYPES } from '../../core/service-types';
import { FocusClearField } from './FocusClearField';
import { MilesField } from './MilesField';
import { message, offeredMeters, STATUS_SUGGESTIONS, today } from './service-record-logic';
import { scheduleApi, scheduleKeys } from '../schedules/schedule-api';
import { currencySymbol } from '../../lib/format';
import type { ServiceRecordEditor } from './useServiceRecordEditor';
import { DateField } from '../../core/forms/DateField';
import { useTranslation } from 'react-i18next';
import './i18n';

interface FieldsProps {
  editor: ServiceRecordEditor;
  mode: FormMode;
  /** The machine a new record is for; fast mode hides the machine select then. */
  machineId?: number;
}

/**
 * The fields above the schedule checklist, per mode (fast: no Miles and Hours; otherwise those of the
 * meters the machine has, `offeredMeters`). Each text box takes its typing in the form and, when left,
 * its value is committed (an existing record saves).
 */
export function ServiceRecordFields({ editor, mode, machineId }: FieldsProps) {
  const { form, commit, change, saved } = editor;
  const { t } = useTranslation('serviceRecord');
  const values = form.getValues();
  // Issue 32: a role that may not change service records reads them only.
  const mayWrite = useRights().may('record.write');
  const readOnly = mode === 'fastView' || !mayWrite;
  const extras = mode !== 'fast';
  const meters = useMachineMeters(extras ? values.machineId : null);
  const offered = offeredMeters(meters, values);
  const blur = () => void commit();
  const text = (field: 'title' | 'serviceDate' | 'serviceShop') => ({ ...form.getInputProps(field), onBlur: blur, disabled: readOnly });
  const number = (field: 'price' | 'hours') => {
    const props = form.getInputProps(field);
    return { ...props, onChange: (v: number | string) => props.onChange(v === '' ? '' : Number(v)), onBlur: blur, disabled: readOnly };
  };

  const price = (
    <NumberInput
      label={t('fields.price')}
      prefix={currencySymbol()}
      {...number('price')}
      min={0}
      max={9999999.99}
      decimalScale={2}
      // Money always shows its cents: a saved 95.5 reads '$95.50', as formatPrice writes it elsewhere.
      fixedDecimalScale
      thousandSeparator=","
      allowNegative={false}
      hideControls
    />
  );

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: mode === 'fast' ? 1 : 2 }} spacing="md" verticalSpacing="sm">
        {!(mode === 'fast' && machineId) && <MachineField editor={editor} readOnly={readOnly} saved={saved} />}
        <TextInput label={t('fields.title')} required {...text('title')} maxLength={ServiceRecordLimits.title} />
        <FocusClearField
          label={t('fields.status')}
          value={values.status}
          options={STATUS_SUGGESTIONS}
          disabled={readOnly}
          error={form.errors.status as string | undefined}
          onCommit={(status) => void commit({ status })}
        />
        <FocusClearField
          label={t('fields.type')}
          value={values.serviceType}
          options={SERVICE_TYPES}
          strict
          disabled={readOnly}
          onCommit={(serviceType) => void commit({ serviceType })}
        />
        <DateField
          label={t('fields.date')}
          required
          {...text('serviceDate')}
          // A date ahead is allowed (a planned service), but said, in case it was a typo.
          description={!readOnly && values.serviceDate > today() ? t('plannedService') : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <TextInput label={t('fields.shop')} {...text('serviceShop')} maxLength={ServiceRecordLimits.serviceShop} />
        {!extras && price}
      </SimpleGrid>
      {extras && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" verticalSpacing="sm">
          {price}
          {offered.miles && <MilesField value={values.miles} disabled={readOnly} onChange={(miles) => change({ miles })} onBlur={blur} />}
          {offered.hours && (
            <NumberInput label={t('fields.hours')} {...number('hours')} min={0} decimalScale={1} thousandSeparator="," allowNegative={false} hideControls />
          )}
        </SimpleGrid>
      )}
    </>
  );
}

/** The machine's meters (shared with its details page), undefined until known or when they cannot be read. */
function useMachineMeters(machineId: number | null) {
  const api = useApi();
  const query = useQuery({
    queryKey: scheduleKeys.meters(machineId ?? 0),
    queryFn: () => scheduleApi.meters(api, machineId!),
    enabled: machineId !== null,
    retry: false,
  });
  return machineId === null ? undefined : query.data;
}

/** The machine select: the user's machines, the current one by name before (or without) the list. */
function MachineField({ editor, readOnly, saved }: { editor: ServiceRecordEditor; readOnly: boolean; saved: ServiceRecord | null }) {
  const api = useApi();
  const { t } = useTranslation('serviceRecord');
  const machines = useQuery({ queryKey: machineKeys.list(), queryFn: () => machinesApi.all(api), enabled: !readOnly });
  const current = editor.form.getValues().machineId;
  const options = (machines.data ?? []).map((m) => ({ value: String(m.id), label: m.name }));
  if (current && !options.some((o) => o.value === String(current))) {
    options.unshift({ value: String(current), label: (saved?.machineId === current ? saved.machineName : null) ?? t('fields.machineById', { id: current }) });
  }
  return (
    <Select
      label={t('fields.machine')}
      required
      placeholder={machines.isPending && !readOnly ? t('fields.loadingMachines') : t('fields.pickMachine')}
      data={options}
      value={current ? String(current) : null}
      onChange={(v) => editor.pickMachine(v ? Number(v) : null)}
      searchable
      nothingFoundMessage={t('fields.noMachineMatches')}
      disabled={readOnly}
      error={machines.isError ? message('machinesFailed') : (editor.form.errors.machineId as string | undefined)}
      rightSection={machines.isFetching && !readOnly ? <Loader size={14} /> : undefined}
    />
  );
}

/** Notes (full and fastView), below the schedule checklist. */
export function NotesField({ editor, readOnly }: { editor: ServiceRecordEditor; readOnly: boolean }) {
  const { t } = useTranslation('serviceRecord');
  return (
    <Textarea
      label={t('fields.notes')}
      rows={8}
      {...editor.form.getInputProps('notes')}
      onBlur={() => void editor.commit()}
      disabled={readOnly}
      maxLength={ServiceRecordLimits.notes}
      styles={{ input: { minHeight: 150, maxHeight: 400, resize: 'vertical' } }}
    />
  );
}
