import { Alert, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../job-templates/job-template-api';
import type { WorkOrderStep } from '@wrenchlog/contracts';
import { useUpdateWorkOrder, type WorkOrder } from './work-api';
import { failureText } from './work-logic';

/**
 * An order's checklist (issue 35: its job templates' steps): ticked by whoever may change the order
 * while it is open. A tick sends the whole list back (PUT /api/work-orders/{id} {steps}).
 */
export function WorkOrderSteps({ order, editable }: { order: WorkOrder; editable: boolean }) {
  const { t } = useTranslation('jobTemplates');
  const update = useUpdateWorkOrder(order.id);
  const [failure, setFailure] = useState<string | null>(null);
  // The tick shows at once; the server's answer replaces it (or a failure takes it back).
  const [ticking, setTicking] = useState<WorkOrderStep[] | null>(null);
  const steps = ticking ?? order.steps ?? [];
  if (steps.length === 0) {
    return null;
  }
  const done = steps.filter((s) => s.done).length;
  const tick = (i: number, on: boolean) => {
    const next = steps.map((s, n) => (n === i ? { ...s, done: on } : s));
    setFailure(null);
    setTicking(next);
    update.mutate(
      { steps: next },
      {
        onError: (err) => setFailure(failureText(err, t('order.tickFailed'))),
        onSettled: () => setTicking(null),
      },
    );
  };
  return (
    <Card component="section" aria-labelledby="order-steps-title" padding="lg">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} fz="lg" id="order-steps-title">
          {t('order.checklist')}
        </Title>
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('order.progress', { done, total: steps.length })}
        </Text>
      </Group>
      {failure && (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {failure}
        </Alert>
      )}
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('order.checklist')}>
        {steps.map((s, i) => (
          <li key={i}>
            <Checkbox
              size="md"
              checked={s.done}
              disabled={!editable || update.isPending}
              onChange={(e) => tick(i, e.currentTarget.checked)}
              label={s.text}
              styles={{ label: { overflowWrap: 'anywhere', textDecoration: s.done ? 'line-through' : undefined } }}
            />
          </li>
        ))}
      </Stack>
    </Card>
  );
}
