import { Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Meter } from '@wrenchlog/contracts';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { FormDialog } from '../../core/forms/FormDialog';
import { errorsAfterBlur, touchAll } from '../../core/forms/error-timing';
import { today } from './ReadingDialog';
import { useReplaceMeter } from './schedule-api';
import { failureText, formatMeterValue, meterTitle, readingValueError } from './schedule-logic';
import { DateField } from '../../core/forms/DateField';

type ReplaceValues = { newStartValue: string; readAt: string };

/** A new odometer or hour meter (an engine swap): lifetime values continue from the old one. */
export function ReplaceMeterDialog({ meter, onClose }: { meter: Meter; onClose: () => void }) {
  const replace = useReplaceMeter(meter.machineId);
  const form = useForm<ReplaceValues>({
    initialValues: { newStartValue: '', readAt: today() },
    validate: { newStartValue: (value) => readingValueError(meter.kind, value) },
    ...errorsAfterBlur<ReplaceValues>(),
  });
  const [failure, setFailure] = useState<string | null>(null);

  async function save({ newStartValue, readAt }: ReplaceValues) {
    setFailure(null);
    form.clearErrors();
    try {
      await replace.mutateAsync({ meterId: meter.id, input: { newStartValue: Number(newStartValue), readAt } });
      onClose();
    } catch (err) {
      const fields: Partial<ReplaceValues> = {};
      if (err instanceof ApiError) {
        for (const fe of err.body?.errors ?? []) {
          const key = String(fe.field).split('.').pop();
          if (key === 'newStartValue' || key === 'readAt') {
            fields[key] ??= fe.message;
          }
        }
      }
      form.setErrors(fields);
      if (!fields.newStartValue && !fields.readAt) {
        setFailure(failureText(err, 'The meter could not be replaced. Try again.'));
      }
    }
  }

  const submit = form.onSubmit(
    (values) => {
      if (!replace.isPending) {
        void save(values);
      }
    },
    () => touchAll(form),
  );

  return (
    <FormDialog
      title={`Replace meter: ${meterTitle(meter)}`}
      onClose={onClose}
      onSubmit={submit}
      failure={failure}
      busy={replace.isPending}
      submitLabel="Replace meter"
      intro={
        <Text size="sm" c="dimmed">
          The new meter's readings continue the lifetime value ({formatMeterValue(meter.currentValue, meter.unit)} now).
        </Text>
      }
    >
      <TextInput label={`New meter's start value (${meter.unit})`} inputMode="decimal" required data-autofocus {...form.getInputProps('newStartValue')} />
      <DateField label="Date" required {...form.getInputProps('readAt')} />
    </FormDialog>
  );
}
