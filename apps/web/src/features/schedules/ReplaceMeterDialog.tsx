import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Meter } from '@wrenchlog/contracts';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { DESKTOP_QUERY } from '../../core/theme';
import { today } from './ReadingDialog';
import { useReplaceMeter } from './schedule-api';
import { failureText, formatMeterValue, meterTitle, readingValueError } from './schedule-logic';

/** A new odometer or hour meter (an engine swap): lifetime values continue from the old one. */
export function ReplaceMeterDialog({ meter, onClose }: { meter: Meter; onClose: () => void }) {
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const replace = useReplaceMeter(meter.machineId);
  const [value, setValue] = useState('');
  const [readAt, setReadAt] = useState(today);
  const [touched, setTouched] = useState(false);
  const [server, setServer] = useState<{ newStartValue?: string; readAt?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const localError = readingValueError(meter.kind, value);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (localError || replace.isPending) {
      return;
    }
    setFailure(null);
    setServer({});
    try {
      await replace.mutateAsync({ meterId: meter.id, input: { newStartValue: Number(value), readAt } });
      onClose();
    } catch (err) {
      const fields: { newStartValue?: string; readAt?: string } = {};
      if (err instanceof ApiError) {
        for (const fe of err.body?.errors ?? []) {
          const key = String(fe.field).split('.').pop();
          if (key === 'newStartValue' || key === 'readAt') {
            fields[key] ??= fe.message;
          }
        }
      }
      setServer(fields);
      if (!fields.newStartValue && !fields.readAt) {
        setFailure(failureText(err, 'The meter could not be replaced. Try again.'));
      }
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Replace meter: ${meterTitle(meter)}`}
      fullScreen={!desktop}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The new meter's readings continue the lifetime value ({formatMeterValue(meter.currentValue, meter.unit)} now).
          </Text>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={`New meter's start value (${meter.unit})`}
            inputMode="decimal"
            required
            data-autofocus
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setServer((s) => ({ ...s, newStartValue: undefined }));
            }}
            onBlur={() => setTouched(true)}
            error={server.newStartValue ?? (touched ? localError : null)}
          />
          <TextInput label="Date" type="date" required value={readAt} onChange={(e) => setReadAt(e.currentTarget.value)} error={server.readAt} />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={replace.isPending}>
              Replace meter
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
