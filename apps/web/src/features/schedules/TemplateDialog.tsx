import { Button, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Meter, ScheduleInput, ScheduleTemplate } from '@wrenchlog/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { FormDialog } from '../../core/forms/FormDialog';
import { errorsAfterSubmit, touchAll } from '../../core/forms/error-timing';
import { useSaveSchedule } from './schedule-api';
import { failureText, intervalText, scheduleToForm, serverScheduleErrors, type ScheduleFormValues } from './schedule-logic';

/** "Last done" of a schedule added from a template, as typed. */
export interface LastDoneValues {
  lastDoneDate: string;
  lastDoneDistance: string;
  lastDoneHours: string;
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** Today and the machine's current readings: where a template's schedule starts unless told otherwise. */
export function lastDoneDefaults(meters: readonly Pick<Meter, 'kind' | 'currentValue'>[] | undefined, now: Date = new Date()): LastDoneValues {
  const current = (kind: Meter['kind']) => text(meters?.find((m) => m.kind === kind)?.currentValue);
  return { lastDoneDate: dayjs(now).format('YYYY-MM-DD'), lastDoneDistance: current('distance'), lastDoneHours: current('hours') };
}

/** Which "last done" values a template's intervals count from (the date always: it anchors the forecast and a time interval). */
export function lastDoneShown(t: Pick<ScheduleTemplate, 'intervalDistance' | 'intervalHours'>): { distance: boolean; hours: boolean } {
  return { distance: t.intervalDistance !== null && t.intervalDistance !== undefined, hours: t.intervalHours !== null && t.intervalHours !== undefined };
}

const num = (v: string) => (v.trim() === '' ? null : Number(v));

/** The schedule a template makes with the last done values given (a value not asked for is left to the server). */
export function templateInput(t: ScheduleTemplate, v: LastDoneValues): ScheduleInput {
  const { title, serviceType, intervalDays, intervalMonths, intervalDistance, intervalHours, recurring, anchor } = t;
  const shown = lastDoneShown(t);
  return {
    title,
    serviceType,
    intervalDays,
    intervalMonths,
    intervalDistance,
    intervalHours,
    recurring,
    anchor,
    lastDoneDate: v.lastDoneDate || null,
    lastDoneDistance: shown.distance ? num(v.lastDoneDistance) : null,
    lastDoneHours: shown.hours ? num(v.lastDoneHours) : null,
  };
}

function validateLastDone(v: LastDoneValues): Partial<Record<keyof LastDoneValues, string>> {
  const errors: Partial<Record<keyof LastDoneValues, string>> = {};
  if (v.lastDoneDate && v.lastDoneDate > dayjs().format('YYYY-MM-DD')) {
    errors.lastDoneDate = 'Last done cannot be in the future';
  }
  for (const key of ['lastDoneDistance', 'lastDoneHours'] as const) {
    const raw = v[key].trim();
    if (raw !== '' && (!Number.isFinite(Number(raw)) || Number(raw) < 0)) {
      errors[key] = 'Last done value must be a number, 0 or more';
    }
  }
  return errors;
}

/**
 * Adding a schedule from a template asks when it was last done (issue 38: it took today and the
 * current readings without asking, so a service done a while ago showed a wrong first due point).
 * Prefilled with today and the current readings; "More settings" opens the whole schedule form.
 */
export function TemplateDialog({
  machineId,
  template,
  meters,
  distanceUnit,
  onClose,
  onMore,
}: {
  machineId: number;
  template: ScheduleTemplate;
  meters: readonly Meter[] | undefined;
  distanceUnit: string;
  onClose: () => void;
  /** Opens the whole schedule form with the template and these values instead. */
  onMore: (initial: ScheduleFormValues) => void;
}) {
  const save = useSaveSchedule(machineId);
  const form = useForm<LastDoneValues>({ initialValues: lastDoneDefaults(meters), validate: validateLastDone, ...errorsAfterSubmit<LastDoneValues>() });
  const [failure, setFailure] = useState<string | null>(null);
  const shown = lastDoneShown(template);

  async function persist(values: LastDoneValues) {
    setFailure(null);
    try {
      await save.mutateAsync({ input: templateInput(template, values) });
      onClose();
    } catch (err) {
      const fields = serverScheduleErrors(err);
      form.setErrors({ lastDoneDate: fields.lastDoneDate, lastDoneDistance: fields.lastDoneDistance, lastDoneHours: fields.lastDoneHours });
      if (!fields.lastDoneDate && !fields.lastDoneDistance && !fields.lastDoneHours) {
        setFailure(failureText(err, `"${template.title}" could not be added. Try again.`));
      }
    }
  }

  const numeric = { inputMode: 'decimal' as const };
  return (
    <FormDialog
      title={`Add ${template.title}`}
      formLabel={`Add ${template.title}`}
      onClose={onClose}
      onSubmit={form.onSubmit(
        (values) => {
          touchAll(form);
          if (!save.isPending) {
            void persist(values);
          }
        },
        () => touchAll(form),
      )}
      failure={failure}
      busy={save.isPending}
      submitLabel="Add schedule"
      intro={
        <Text size="sm">
          {intervalText(template, distanceUnit)}. When was it last done? The first due point is counted from there: today and the current readings are filled
          in.
        </Text>
      }
    >
      <SimpleGrid cols={{ base: 1, xs: 1 + Number(shown.distance) + Number(shown.hours) }} spacing="sm" verticalSpacing="xs">
        <TextInput label="Last done on" type="date" data-autofocus {...form.getInputProps('lastDoneDate')} />
        {shown.distance && <TextInput label={`Last done at (${distanceUnit})`} {...numeric} {...form.getInputProps('lastDoneDistance')} />}
        {shown.hours && <TextInput label="Last done at (h)" {...numeric} {...form.getInputProps('lastDoneHours')} />}
      </SimpleGrid>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => onMore({ ...scheduleToForm(template), ...form.getValues() })}
        style={{ alignSelf: 'flex-start' }}
      >
        More settings
      </Button>
    </FormDialog>
  );
}
