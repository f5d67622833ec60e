import { Checkbox, Group, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { FormDialog } from '../../core/forms/FormDialog';
import { serverFieldErrors, unplacedMessages } from '../../core/forms/server-errors';
import { randomKey } from '../../lib/random-key';
import { useCompleteWorkOrder, type WorkOrder } from './work-api';
import { failureText } from './work-logic';

/**
 * "Complete": the date and meters of the job. The server writes the service record, completes the
 * schedules, takes the parts out of stock and resolves the issues, all or nothing. A retry of the
 * same completion sends the same Idempotency-Key, so it completes once.
 */
export function CompleteWorkOrderDialog({ order, onClose }: { order: WorkOrder; onClose: () => void }) {
  const { complete } = useCompleteWorkOrder(order.id, order.machineId);
  const key = useRef(randomKey());
  const [completedAt, setCompletedAt] = useState(dayjs().format('YYYY-MM-DD'));
  const [distance, setDistance] = useState('');
  const [hours, setHours] = useState('');
  const [allowNegative, setAllowNegative] = useState(false);
  const [short, setShort] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const meter = (v: string) => (v.trim() === '' ? undefined : Number(v));
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (complete.isPending) {
      return;
    }
    const local: Record<string, string> = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(completedAt)) {
      local.completedAt = 'Completed at must be a date (YYYY-MM-DD)';
    }
    for (const [name, v] of [
      ['distance', distance],
      ['hours', hours],
    ] as const) {
      const n = meter(v);
      if (n !== undefined && !(Number.isFinite(n) && n >= 0)) {
        local[name] = 'Meters must be numbers from 0 to 999999999';
      }
    }
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length > 0) {
      return;
    }
    const d = meter(distance);
    const h = meter(hours);
    try {
      await complete.mutateAsync({
        input: {
          completedAt,
          ...(d !== undefined || h !== undefined ? { meters: { distance: d, hours: h } } : {}),
          ...(allowNegative ? { allowNegativeStock: true } : {}),
        },
        key: key.current,
      });
      onClose();
    } catch (err) {
      // Short stock (409 "Not enough stock: ..."): the user may complete anyway, with negative stock.
      if (err instanceof ApiError && err.status === 409 && /stock/i.test(err.body?.message ?? '')) {
        setShort(true);
        // A new try with a changed body is a new completion: a new key.
        key.current = randomKey();
      }
      const fields = serverFieldErrors(err);
      setErrors(fields);
      const rest = unplacedMessages(fields, ['completedAt', 'meters', 'meters.distance', 'meters.hours']);
      if (Object.keys(fields).length === 0 || rest.length > 0) {
        setFailure(rest.join(' ') || failureText(err, 'The work order could not be completed. Try again.'));
      }
    }
  }

  return (
    <FormDialog
      title={`Complete "${order.title}"`}
      formLabel="Complete work order"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      failure={failure}
      busy={complete.isPending}
      submitLabel="Complete work order"
      intro="Completing writes a service record on the machine, completes its schedules, takes its parts out of stock and resolves its issues."
    >
      <TextInput
        label="Completed on"
        type="date"
        required
        data-autofocus
        value={completedAt}
        error={errors.completedAt}
        onChange={(e) => setCompletedAt(e.currentTarget.value)}
      />
      <Group grow align="flex-start" gap="xs">
        <TextInput
          label="Odometer"
          inputMode="decimal"
          value={distance}
          error={errors.distance ?? errors['meters.distance'] ?? errors.meters}
          onChange={(e) => setDistance(e.currentTarget.value)}
        />
        <TextInput
          label="Hour meter"
          inputMode="decimal"
          value={hours}
          error={errors.hours ?? errors['meters.hours']}
          onChange={(e) => setHours(e.currentTarget.value)}
        />
      </Group>
      {short && (
        <Checkbox
          label="Complete with negative stock"
          description="Take the parts out anyway; the stock stops at 0 and the order records it."
          checked={allowNegative}
          onChange={(e) => setAllowNegative(e.currentTarget.checked)}
        />
      )}
    </FormDialog>
  );
}
