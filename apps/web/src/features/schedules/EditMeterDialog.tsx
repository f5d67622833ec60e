import { NativeSelect, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Meter, UpdateMeterInput } from '@wrenchlog/contracts';
import { MeterLimits } from '@wrenchlog/contracts/limits';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { FormDialog } from '../../core/forms/FormDialog';
import { errorsAfterBlur, touchAll } from '../../core/forms/error-timing';
import { useUpdateMeter } from './schedule-api';
import { failureText, meterTitle, readingValueError } from './schedule-logic';

type Field = 'label' | 'unit' | 'manualRatePerDay' | 'rolloverValue';
type MeterValues = { label: string; unit: Meter['unit']; manualRatePerDay: string; rolloverValue: string };
const FIELDS: readonly Field[] = ['label', 'unit', 'manualRatePerDay', 'rolloverValue'];
const DISTANCE_UNITS = [
  { value: 'mi', label: 'Miles (mi)' },
  { value: 'km', label: 'Kilometers (km)' },
];

/** The checks the server makes too, so most mistakes are shown before a round trip. */
function localErrors(kind: Meter['kind'], v: MeterValues): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const label = v.label.trim();
  if (label.length < 1 || label.length > MeterLimits.label) {
    errors.label = `Label must be 1 to ${MeterLimits.label} characters`;
  }
  const rate = v.manualRatePerDay;
  if (rate.trim() !== '' && !(Number.isFinite(Number(rate)) && Number(rate) >= 0)) {
    errors.manualRatePerDay = 'Manual rate must be a number, 0 or more';
  }
  const rollover = readingValueError(kind, v.rolloverValue);
  if (rollover) {
    errors.rolloverValue = rollover;
  }
  return errors;
}

/**
 * Edit a meter: its label, its unit (miles or km for a distance meter, chosen per machine; an hours
 * meter stays h), the manual rate used when the readings give none, and the value it rolls over at.
 */
export function EditMeterDialog({ meter, onClose }: { meter: Meter; onClose: () => void }) {
  const update = useUpdateMeter(meter.machineId);
  const form = useForm<MeterValues>({
    initialValues: {
      label: meterTitle(meter),
      unit: meter.unit,
      manualRatePerDay: meter.manualRatePerDay === null ? '' : String(meter.manualRatePerDay),
      rolloverValue: String(meter.rolloverValue),
    },
    validate: (v) => localErrors(meter.kind, v),
    ...errorsAfterBlur<MeterValues>(),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { unit } = form.getValues();

  async function save(v: MeterValues) {
    setFailure(null);
    form.clearErrors();
    const input: UpdateMeterInput = {
      label: v.label.trim(),
      manualRatePerDay: v.manualRatePerDay.trim() === '' ? null : Number(v.manualRatePerDay),
      rolloverValue: Number(v.rolloverValue),
      ...(meter.kind === 'distance' ? { unit: v.unit } : {}),
    };
    try {
      await update.mutateAsync({ meterId: meter.id, input });
      onClose();
    } catch (err) {
      const fields: Partial<Record<Field, string>> = {};
      if (err instanceof ApiError) {
        for (const fe of err.body?.errors ?? []) {
          const key = String(fe.field).split('.').pop() as Field;
          if (FIELDS.includes(key)) {
            fields[key] ??= fe.message;
          }
        }
      }
      form.setErrors(fields);
      if (Object.keys(fields).length === 0) {
        setFailure(failureText(err, 'The meter could not be saved. Try again.'));
      }
    }
  }

  const submit = form.onSubmit(
    (v) => {
      touchAll(form);
      if (!update.isPending) {
        void save(v);
      }
    },
    () => touchAll(form),
  );

  return (
    <FormDialog
      title={`Edit meter: ${meterTitle(meter)}`}
      onClose={onClose}
      onSubmit={submit}
      failure={failure}
      busy={update.isPending}
      submitLabel="Save meter"
    >
      <TextInput label="Label" required data-autofocus maxLength={MeterLimits.label} {...form.getInputProps('label')} />
      {meter.kind === 'distance' ? (
        <NativeSelect
          label="Unit"
          description="Only the unit's name changes: readings and schedules keep their numbers."
          data={DISTANCE_UNITS}
          {...form.getInputProps('unit')}
        />
      ) : (
        <Text size="sm">Unit: engine hours (h)</Text>
      )}
      <TextInput
        label={`Manual rate (${unit} a day)`}
        description="Used only when the readings cannot give a rate. Leave empty for none."
        inputMode="decimal"
        {...form.getInputProps('manualRatePerDay')}
      />
      <TextInput
        label={`Rolls over at (${unit})`}
        description="The value the meter wraps at; a reading flagged as a rollover adds it."
        inputMode="decimal"
        required
        {...form.getInputProps('rolloverValue')}
      />
    </FormDialog>
  );
}
