import { Autocomplete, Checkbox, Fieldset, Group, NativeSelect, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Schedule } from '@wrenchlog/contracts';
import { ScheduleLimits } from '@wrenchlog/contracts/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRights } from '../../core/rights';
import { useJobTemplates } from '../job-templates/job-template-api';
import { FormDialog } from '../../core/forms/FormDialog';
import { errorsAfterSubmit, touchAll } from '../../core/forms/error-timing';
import { SERVICE_TYPES } from '../../core/service-types';
import { useSaveSchedule } from './schedule-api';
import { failureText, formToInput, serverScheduleErrors, validateSchedule, type ScheduleFormValues } from './schedule-logic';
import { DateField } from '../../core/forms/DateField';

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
  const save = useSaveSchedule(machineId);
  const form = useForm<ScheduleFormValues>({
    initialValues: initial,
    validate: validateSchedule,
    // Rules that read another field: at least one interval, and a due-soon window within its interval.
    ...errorsAfterSubmit<ScheduleFormValues>({
      intervalTime: ['soonDays'],
      intervalDistance: ['intervalTime', 'soonDistance'],
      intervalHours: ['intervalTime', 'soonHours'],
      every: ['soonDays'],
    }),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { t } = useTranslation('jobTemplates');
  // Issue 35: the job template its work orders start from, for whoever sees work orders.
  const picksTemplate = useRights().may('workorder.read');
  const templates = useJobTemplates(picksTemplate);
  const templateGone = !!templates.data && form.values.jobTemplateId !== '' && !templates.data.some((tpl) => String(tpl.id) === form.values.jobTemplateId);

  async function persist(values: ScheduleFormValues) {
    setFailure(null);
    const input = formToInput(templateGone ? { ...values, jobTemplateId: '' } : values);
    if (!picksTemplate) {
      // Left out, an update keeps the template someone else chose.
      delete input.jobTemplateId;
    }
    try {
      await save.mutateAsync({ id: schedule?.id, input });
      onClose();
    } catch (err) {
      const fields = serverScheduleErrors(err);
      form.setErrors(fields);
      if (Object.keys(fields).length === 0) {
        setFailure(failureText(err, 'The schedule could not be saved. Try again.'));
      }
    }
  }

  // A tried submit shows every message from then on.
  const submit = form.onSubmit(
    (values) => {
      touchAll(form);
      if (!save.isPending) {
        void persist(values);
      }
    },
    () => touchAll(form),
  );

  const numeric = { inputMode: 'decimal' as const };
  return (
    <FormDialog
      title={schedule ? 'Edit schedule' : 'New schedule'}
      onClose={onClose}
      onSubmit={submit}
      failure={failure}
      busy={save.isPending}
      submitLabel={schedule ? 'Save schedule' : 'Add schedule'}
      size="lg"
      formLabel={schedule ? 'Edit schedule' : 'New schedule'}
    >
      <TextInput label="Title" required maxLength={ScheduleLimits.title} data-autofocus placeholder="Engine oil and filter" {...form.getInputProps('title')} />
      <Autocomplete
        label="Service type"
        required
        data={SERVICE_TYPES}
        maxLength={ScheduleLimits.serviceType}
        {...form.getInputProps('serviceType')}
        comboboxProps={{ withinPortal: true }}
      />
      <Fieldset legend="Due every (whichever comes first)" variant="unstyled">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput label="Time" {...numeric} {...form.getInputProps('intervalTime')} style={{ flex: 1 }} />
            <NativeSelect
              label="Unit"
              aria-label="Time unit"
              data={[
                { value: 'months', label: 'months' },
                { value: 'days', label: 'days' },
              ]}
              {...form.getInputProps('every')}
            />
          </Group>
          <TextInput label={`Distance (${distanceUnit})`} {...numeric} {...form.getInputProps('intervalDistance')} />
          <TextInput label="Engine hours (h)" {...numeric} {...form.getInputProps('intervalHours')} />
        </SimpleGrid>
      </Fieldset>
      <Checkbox label="Recurring (due again after each completion)" {...form.getInputProps('recurring', { type: 'checkbox' })} />
      <Radio.Group label="Count the next due date" {...form.getInputProps('anchor')}>
        <Stack gap={6} mt={6}>
          <Radio value="completion" label="From the last completion" />
          <Radio value="fixed" label="On a fixed grid (from the previous due point)" />
        </Stack>
      </Radio.Group>
      <Fieldset legend="Last done (optional)" variant="unstyled">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="xs">
          <DateField label="Date" {...form.getInputProps('lastDoneDate')} />
          <TextInput label={`At (${distanceUnit})`} {...numeric} {...form.getInputProps('lastDoneDistance')} />
          <TextInput label="At (h)" {...numeric} {...form.getInputProps('lastDoneHours')} />
        </SimpleGrid>
      </Fieldset>
      {picksTemplate && (
        <NativeSelect
          label={t('schedule.template')}
          description={t('schedule.hint')}
          disabled={!templates.data}
          data={[{ value: '', label: t('schedule.none') }, ...(templates.data ?? []).map((tpl) => ({ value: String(tpl.id), label: tpl.name }))]}
          {...form.getInputProps('jobTemplateId')}
          value={templateGone ? '' : form.values.jobTemplateId}
        />
      )}
      <Fieldset legend="Due-soon windows (empty: the defaults)" variant="unstyled">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="xs">
          <TextInput label="Days before" placeholder={String(ScheduleLimits.defaultSoon.days)} {...numeric} {...form.getInputProps('soonDays')} />
          <TextInput
            label={`${distanceUnit} before`}
            placeholder={String(ScheduleLimits.defaultSoon.distance)}
            {...numeric}
            {...form.getInputProps('soonDistance')}
          />
          <TextInput label="Hours before" placeholder={String(ScheduleLimits.defaultSoon.hours)} {...numeric} {...form.getInputProps('soonHours')} />
        </SimpleGrid>
      </Fieldset>
    </FormDialog>
  );
}
