import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Meter, UpdateMeterInput } from '@wrenchlog/contracts';
import { MeterLimits } from '@wrenchlog/contracts/limits';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { DESKTOP_QUERY } from '../../core/theme';
import { useUpdateMeter } from './schedule-api';
import { failureText, meterTitle, readingValueError } from './schedule-logic';

type Field = 'label' | 'unit' | 'manualRatePerDay' | 'rolloverValue';
const FIELDS: readonly Field[] = ['label', 'unit', 'manualRatePerDay', 'rolloverValue'];
const DISTANCE_UNITS = [
  { value: 'mi', label: 'Miles (mi)' },
  { value: 'km', label: 'Kilometers (km)' },
];

/** The checks the server makes too, so most mistakes are shown before a round trip. */
function localErrors(kind: Meter['kind'], v: { label: string; rate: string; rollover: string }): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const label = v.label.trim();
  if (label.length < 1 || label.length > MeterLimits.label) {
    errors.label = `Label must be 1 to ${MeterLimits.label} characters`;
  }
  if (v.rate.trim() !== '' && !(Number.isFinite(Number(v.rate)) && Number(v.rate) >= 0)) {
    errors.manualRatePerDay = 'Manual rate must be a number, 0 or more';
  }
  const rollover = readingValueError(kind, v.rollover);
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
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const update = useUpdateMeter(meter.machineId);
  const [label, setLabel] = useState(meterTitle(meter));
  const [unit, setUnit] = useState<Meter['unit']>(meter.unit);
  const [rate, setRate] = useState(meter.manualRatePerDay === null ? '' : String(meter.manualRatePerDay));
  const [rollover, setRollover] = useState(String(meter.rolloverValue));
  const [touched, setTouched] = useState(false);
  const [server, setServer] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const local = localErrors(meter.kind, { label, rate, rollover });
  const errorOf = (field: Field) => server[field] ?? (touched ? local[field] : undefined);
  const clear = (field: Field) => setServer((s) => ({ ...s, [field]: undefined }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(local).length > 0 || update.isPending) {
      return;
    }
    setFailure(null);
    setServer({});
    const input: UpdateMeterInput = {
      label: label.trim(),
      manualRatePerDay: rate.trim() === '' ? null : Number(rate),
      rolloverValue: Number(rollover),
      ...(meter.kind === 'distance' ? { unit } : {}),
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
      setServer(fields);
      if (Object.keys(fields).length === 0) {
        setFailure(failureText(err, 'The meter could not be saved. Try again.'));
      }
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Edit meter: ${meterTitle(meter)}`}
      fullScreen={!desktop}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label="Label"
            required
            data-autofocus
            maxLength={MeterLimits.label}
            value={label}
            onChange={(e) => {
              setLabel(e.currentTarget.value);
              clear('label');
            }}
            onBlur={() => setTouched(true)}
            error={errorOf('label')}
          />
          {meter.kind === 'distance' ? (
            <NativeSelect
              label="Unit"
              description="Only the unit's name changes: readings and schedules keep their numbers."
              data={DISTANCE_UNITS}
              value={unit}
              onChange={(e) => {
                setUnit(e.currentTarget.value as Meter['unit']);
                clear('unit');
              }}
              error={errorOf('unit')}
            />
          ) : (
            <Text size="sm">Unit: engine hours (h)</Text>
          )}
          <TextInput
            label={`Manual rate (${unit} a day)`}
            description="Used only when the readings cannot give a rate. Leave empty for none."
            inputMode="decimal"
            value={rate}
            onChange={(e) => {
              setRate(e.currentTarget.value);
              clear('manualRatePerDay');
            }}
            onBlur={() => setTouched(true)}
            error={errorOf('manualRatePerDay')}
          />
          <TextInput
            label={`Rolls over at (${unit})`}
            description="The value the meter wraps at; a reading flagged as a rollover adds it."
            inputMode="decimal"
            required
            value={rollover}
            onChange={(e) => {
              setRollover(e.currentTarget.value);
              clear('rolloverValue');
            }}
            onBlur={() => setTouched(true)}
            error={errorOf('rolloverValue')}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save meter
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
