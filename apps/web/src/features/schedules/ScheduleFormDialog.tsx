import { Alert, Autocomplete, Button, Checkbox, Fieldset, Group, Modal, NativeSelect, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Schedule } from '@wrenchlog/contracts';
import { ScheduleLimits } from '@wrenchlog/contracts/limits';
import { useState, type FormEvent } from 'react';
import { DESKTOP_QUERY } from '../../core/theme';
import { SERVICE_TYPES } from '../../core/service-types';
import { useSaveSchedule } from './schedule-api';
import { failureText, formToInput, serverScheduleErrors, validateSchedule, type ScheduleFormErrors, type ScheduleFormValues } from './schedule-logic';

/** Create or edit a schedule; a template's values arrive as `initial` and stay editable. */
export function ScheduleFormDialog({
  machineId,
  schedule,
  initial,
  distanceUnit,
  onClose,
}: {
  machineId: number;
  schedule?: Schedule;
  initial: ScheduleFormValues;
  distanceUnit: string;
  onClose: () => void;
}) {
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const save = useSaveSchedule(machineId);
  const [values, setValues] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const [server, setServer] = useState<ScheduleFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const local = validateSchedule(values);
  const error = (k: keyof ScheduleFormValues) => server[k] ?? (showErrors ? local[k] : undefined);

  const set = <K extends keyof ScheduleFormValues>(key: K, value: ScheduleFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServer((s) => ({ ...s, [key]: undefined }));
  };
  const text = (
    key:
      | 'title'
      | 'intervalTime'
      | 'intervalDistance'
      | 'intervalHours'
      | 'soonDays'
      | 'soonDistance'
      | 'soonHours'
      | 'lastDoneDate'
      | 'lastDoneDistance'
      | 'lastDoneHours',
  ) => ({
    value: values[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    error: error(key),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setShowErrors(true);
    if (Object.keys(local).length > 0 || save.isPending) {
      return;
    }
    setFailure(null);
    try {
      await save.mutateAsync({ id: schedule?.id, input: formToInput(values) });
      onClose();
    } catch (err) {
      const fields = serverScheduleErrors(err);
      setServer(fields);
      if (Object.keys(fields).length === 0) {
        setFailure(failureText(err, 'The schedule could not be saved. Try again.'));
      }
    }
  }

  const numeric = { inputMode: 'decimal' as const };
  return (
    <Modal
      opened
      onClose={onClose}
      title={schedule ? 'Edit schedule' : 'New schedule'}
      size="lg"
      fullScreen={!desktop}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={schedule ? 'Edit schedule' : 'New schedule'}>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label="Title" required maxLength={ScheduleLimits.title} data-autofocus placeholder="Engine oil and filter" {...text('title')} />
          <Autocomplete
            label="Service type"
            required
            data={SERVICE_TYPES}
            maxLength={ScheduleLimits.serviceType}
            value={values.serviceType}
            onChange={(v) => set('serviceType', v)}
            error={error('serviceType')}
            comboboxProps={{ withinPortal: true }}
          />
          <Fieldset legend="Due every (whichever comes first)" variant="unstyled">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <TextInput label="Time" {...numeric} {...text('intervalTime')} style={{ flex: 1 }} />
                <NativeSelect
                  label="Unit"
                  aria-label="Time unit"
                  data={[
                    { value: 'months', label: 'months' },
                    { value: 'days', label: 'days' },
                  ]}
                  value={values.every}
                  onChange={(e) => set('every', e.currentTarget.value as 'days' | 'months')}
                />
              </Group>
              <TextInput label={`Distance (${distanceUnit})`} {...numeric} {...text('intervalDistance')} />
              <TextInput label="Engine hours (h)" {...numeric} {...text('intervalHours')} />
            </SimpleGrid>
          </Fieldset>
          <Checkbox
            label="Recurring (due again after each completion)"
            checked={values.recurring}
            onChange={(e) => set('recurring', e.currentTarget.checked)}
          />
          <Radio.Group
            label="Count the next due date"
            value={values.anchor}
            onChange={(v) => set('anchor', v as 'completion' | 'fixed')}
            error={error('anchor')}
          >
            <Stack gap={6} mt={6}>
              <Radio value="completion" label="From the last completion" />
              <Radio value="fixed" label="On a fixed grid (from the previous due point)" />
            </Stack>
          </Radio.Group>
          <Fieldset legend="Last done (optional)" variant="unstyled">
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="xs">
              <TextInput label="Date" type="date" {...text('lastDoneDate')} />
              <TextInput label={`At (${distanceUnit})`} {...numeric} {...text('lastDoneDistance')} />
              <TextInput label="At (h)" {...numeric} {...text('lastDoneHours')} />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend="Due-soon windows (empty: the defaults)" variant="unstyled">
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="xs">
              <TextInput label="Days before" placeholder={String(ScheduleLimits.defaultSoon.days)} {...numeric} {...text('soonDays')} />
              <TextInput label={`${distanceUnit} before`} placeholder={String(ScheduleLimits.defaultSoon.distance)} {...numeric} {...text('soonDistance')} />
              <TextInput label="Hours before" placeholder={String(ScheduleLimits.defaultSoon.hours)} {...numeric} {...text('soonHours')} />
            </SimpleGrid>
          </Fieldset>
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {schedule ? 'Save schedule' : 'Add schedule'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
