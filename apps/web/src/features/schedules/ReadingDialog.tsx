import { Alert, Button, Checkbox, Group, List, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Meter, OutOfSequenceDetails } from '@wrenchlog/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { FormDialog } from '../../core/forms/FormDialog';
import { isQueuedOffline } from '../../core/offline/queued';
import { errorsAfterBlur, touchAll } from '../../core/forms/error-timing';
import { useAddReading, useSetReadingVoid } from './schedule-api';
import { describeReading, failureText, meterTitle, outOfSequence, readingValueError } from './schedule-logic';
import { DateField } from '../../core/forms/DateField';

export const today = () => dayjs().format('YYYY-MM-DD');

type ReadingValues = { value: string; readAt: string; rollover: boolean };

/**
 * "Add reading" by hand. A reading that does not fit between its neighbours (422
 * METER_OUT_OF_SEQUENCE) shows them and offers to save it as void or to void the offending old one.
 */
export function ReadingDialog({ meter, onClose, initialRollover = false }: { meter: Meter; onClose: () => void; initialRollover?: boolean }) {
  const add = useAddReading(meter.machineId);
  const setVoid = useSetReadingVoid(meter.machineId);
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<OutOfSequenceDetails | null>(null);
  const form = useForm<ReadingValues>({
    initialValues: { value: '', readAt: today(), rollover: initialRollover },
    validate: { value: (value) => readingValueError(meter.kind, value) },
    // A changed value or date may fit between the neighbours now.
    onValuesChange: (v, before) => {
      if (v.value !== before.value || v.readAt !== before.readAt) {
        setConflict(null);
      }
    },
    ...errorsAfterBlur<ReadingValues>(),
  });
  const busy = add.isPending || setVoid.isPending;

  async function save(asVoid: boolean) {
    const { value, readAt, rollover } = form.getValues();
    setFailure(null);
    form.clearErrors();
    try {
      await add.mutateAsync({ meterId: meter.id, reading: { value: Number(value), readAt, void: asVoid || undefined, rollover: rollover || undefined } });
      onClose();
    } catch (err) {
      if (isQueuedOffline(err)) {
        // Offline (issue 34): kept on the device and sent later; the header's cloud button lists it.
        onClose();
        return;
      }
      const neighbours = outOfSequence(err);
      if (neighbours) {
        setConflict(neighbours);
        return;
      }
      setConflict(null);
      if (err instanceof ApiError && err.status < 500) {
        const fields: { value?: string; readAt?: string } = {};
        for (const e of err.body?.errors ?? []) {
          const key = String(e.field).split('.').pop();
          if (key === 'value' || key === 'readAt') {
            fields[key] ??= e.message;
          }
        }
        // A 422 for decimals or a rollover date names no field: it is about the value or its date.
        if (!fields.value && !fields.readAt && err.status === 422) {
          fields.value = failureText(err, '');
        }
        form.setErrors(fields);
        if (fields.value || fields.readAt) {
          return;
        }
      }
      setFailure(failureText(err, 'The reading could not be saved. Try again.'));
    }
  }

  async function voidOld(readingId: number) {
    setFailure(null);
    try {
      await setVoid.mutateAsync({ readingId, isVoid: true });
    } catch (err) {
      setFailure(failureText(err, 'The old reading could not be voided. Try again.'));
      return;
    }
    // The old reading is out of the way: the new one is tried again as it was typed.
    await save(false);
  }

  const submit = form.onSubmit(
    () => {
      if (!busy) {
        void save(false);
      }
    },
    () => touchAll(form),
  );

  const offending = [conflict?.before, conflict?.after].filter((r): r is NonNullable<typeof r> => Boolean(r));
  return (
    <FormDialog
      title={`Add reading: ${meterTitle(meter)}`}
      onClose={onClose}
      onSubmit={submit}
      failure={failure}
      busy={add.isPending && !conflict}
      submitLabel="Save reading"
    >
      <TextInput label={`Value (${meter.unit})`} inputMode="decimal" required data-autofocus {...form.getInputProps('value')} />
      <DateField label="Date" required {...form.getInputProps('readAt')} />
      <Checkbox
        label={`The meter rolled over (wrapped at ${meter.rolloverValue.toLocaleString('en-US')})`}
        {...form.getInputProps('rollover', { type: 'checkbox' })}
      />
      {conflict && (
        <Alert color="orange" variant="light" role="alert" title="This reading is out of sequence">
          <Text size="sm">It does not fit between the readings around it:</Text>
          <List size="sm" my="xs">
            {conflict.before && <List.Item>Before: {describeReading(conflict.before, meter.unit)}</List.Item>}
            {conflict.after && <List.Item>After: {describeReading(conflict.after, meter.unit)}</List.Item>}
          </List>
          <Group gap="xs">
            <Button size="xs" variant="default" loading={add.isPending} onClick={() => void save(true)}>
              Save as void
            </Button>
            {offending.map((r) => (
              <Button key={r.id} size="xs" color="orange" loading={setVoid.isPending} onClick={() => void voidOld(r.id)}>
                Void {describeReading(r, meter.unit)}
              </Button>
            ))}
          </Group>
        </Alert>
      )}
    </FormDialog>
  );
}
