import { Alert, Anchor, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconClipboardOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Page } from '../../components/PageHeader';
import { EmptyBlock, ErrorState, isNotFound, LoadingState } from '../../components/states';
import { useApi } from '../../core/context';
import { useRights } from '../../core/rights';
import { formatDate, formatPrice } from '../../lib/format';
import { scheduleApi, scheduleKeys } from '../schedules/schedule-api';
import { AddLineForm } from './AddLineForm';
import { AssigneeSelect } from './AssigneeSelect';
import { CompleteWorkOrderDialog } from './CompleteWorkOrderDialog';
import { IssueStatusBadge, PriorityBadge, StateBadge } from './IssueBadges';
import { useCompleteWorkOrder, useMachineIssues, useUpdateWorkOrder, useWorkOrder, type WorkOrder } from './work-api';
import { WorkOrderLines } from './WorkOrderLines';
import { WorkOrderSteps } from './WorkOrderSteps';
import { MANUAL_STATES, STATE_LABELS, failureText } from './work-logic';

function OrderIssues({ order }: { order: WorkOrder }) {
  const issues = useMachineIssues(order.machineId);
  const api = useApi();
  const schedules = useQuery({
    queryKey: scheduleKeys.machine(order.machineId),
    queryFn: () => scheduleApi.ofMachine(api, order.machineId),
    enabled: order.scheduleIds.length > 0,
  });
  const mine = (issues.data ?? []).filter((i) => order.issueIds.includes(i.id));
  const itsSchedules = (schedules.data ?? []).filter((s) => order.scheduleIds.includes(s.id));
  return (
    <Card component="section" aria-labelledby="order-issues-title" padding="lg">
      <Title order={2} fz="lg" id="order-issues-title" mb="xs">
        Issues and schedules
      </Title>
      {order.issueIds.length === 0 && order.scheduleIds.length === 0 && (
        <Text size="sm" c="dimmed">
          {/* An order started from a job template has its lines and steps: it is not blank. */}
          {order.lines.length === 0 && order.steps.length === 0 ? 'None: a blank work order.' : 'None.'}
        </Text>
      )}
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {mine.map((i) => (
          <Group key={i.id} component="li" gap={6} wrap="wrap" data-testid="order-issue">
            <Text fw={500}>{i.title}</Text>
            <PriorityBadge priority={i.priority} />
            <IssueStatusBadge status={i.status} />
          </Group>
        ))}
        {itsSchedules.map((s) => (
          <Group key={s.id} component="li" gap={6}>
            <Text>Schedule: {s.title}</Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function OrderFacts({ order, write }: { order: WorkOrder; write: boolean }) {
  const update = useUpdateWorkOrder(order.id);
  const [failure, setFailure] = useState<string | null>(null);
  const change = (input: Parameters<typeof update.mutate>[0]) => {
    setFailure(null);
    update.mutate(input, { onError: (err) => setFailure(failureText(err, 'The work order could not be changed. Try again.')) });
  };
  const editable = write && order.state !== 'done' && order.state !== 'cancelled';
  return (
    <Card component="section" aria-label="Work order details" padding="lg">
      {failure && (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {failure}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {editable ? (
          <NativeSelect
            label="State"
            value={order.state}
            disabled={update.isPending}
            onChange={(e) => change({ state: e.currentTarget.value as (typeof MANUAL_STATES)[number] })}
            data={MANUAL_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))}
          />
        ) : (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              State
            </Text>
            <StateBadge state={order.state} />
          </Stack>
        )}
        {editable ? (
          <AssigneeSelect
            value={order.assignee ? String(order.assignee.id) : ''}
            current={order.assignee}
            onChange={(v) => change({ assigneeUserId: v ? Number(v) : null })}
          />
        ) : (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Assigned to
            </Text>
            <Text>{order.assignee ? (order.assignee.name ?? 'a member') : 'Nobody'}</Text>
          </Stack>
        )}
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            Planned date
          </Text>
          <Text>{formatDate(order.plannedDate)}</Text>
        </Stack>
      </SimpleGrid>
    </Card>
  );
}

function Totals({ order }: { order: WorkOrder }) {
  if (!order.totals) {
    return null;
  }
  const rows: [string, number][] = [
    ['Labour', order.totals.labour],
    ['Parts', order.totals.parts],
    ['Other', order.totals.other],
  ];
  return (
    <Stack gap={2} aria-label="Totals" component="dl" m={0}>
      {rows.map(([label, value]) => (
        <Group key={label} justify="space-between">
          <Text component="dt">{label}</Text>
          <Text component="dd" m={0}>
            {formatPrice(value)}
          </Text>
        </Group>
      ))}
      <Group justify="space-between">
        <Text component="dt" fw={700}>
          Total
        </Text>
        <Text component="dd" m={0} fw={700} data-testid="order-total">
          {formatPrice(order.totals.total)}
        </Text>
      </Group>
    </Stack>
  );
}

function Completion({ order, write }: { order: WorkOrder; write: boolean }) {
  const [completing, setCompleting] = useState(false);
  const { reopen } = useCompleteWorkOrder(order.id, order.machineId);
  const [failure, setFailure] = useState<string | null>(null);
  if (order.state === 'done') {
    return (
      <Alert color="green" variant="light" title="Done">
        <Stack gap={4}>
          <Text size="sm">
            Completed on {formatDate(order.completedAt)}.{' '}
            {order.serviceRecordId !== null && (
              <Anchor component={Link} to={`/service-record/${order.serviceRecordId}`}>
                Open its service record
              </Anchor>
            )}
          </Text>
          {failure && (
            <Text size="sm" c="red" role="alert">
              {failure}
            </Text>
          )}
          {write && (
            <Group>
              <Button
                size="xs"
                variant="default"
                loading={reopen.isPending}
                onClick={() => {
                  setFailure(null);
                  reopen.mutate(undefined, { onError: (err) => setFailure(failureText(err, 'The work order could not be reopened. Try again.')) });
                }}
              >
                Reopen
              </Button>
            </Group>
          )}
        </Stack>
      </Alert>
    );
  }
  if (!write || order.state === 'cancelled') {
    return null;
  }
  return (
    <>
      <Button onClick={() => setCompleting(true)}>Complete</Button>
      {completing && <CompleteWorkOrderDialog order={order} onClose={() => setCompleting(false)} />}
    </>
  );
}

/** One work order (issue 35): its issues, lines, totals, assignee and "Complete". */
export default function WorkOrderPage() {
  const { id: raw } = useParams();
  const id = Number(raw);
  const valid = Number.isInteger(id) && id > 0;
  const rights = useRights();
  const query = useWorkOrder(id, valid && rights.may('workorder.read'));
  const write = rights.may('workorder.write');

  let body;
  if (!valid || isNotFound(query.error) || !rights.may('workorder.read')) {
    body = (
      <EmptyBlock
        icon={<IconClipboardOff size={28} />}
        title="Work order not found"
        description="It may have been deleted, or the link is wrong."
        action={
          <Button component={Link} to="/work-orders">
            All work orders
          </Button>
        }
      />
    );
  } else if (query.isPending) {
    body = <LoadingState text="Loading work order..." />;
  } else if (query.isError) {
    body = <ErrorState text="Failed to load the work order" onRetry={() => void query.refetch()} />;
  } else {
    const order = query.data;
    const open = order.state !== 'done' && order.state !== 'cancelled';
    body = (
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Group gap="xs" wrap="wrap">
              <Title order={1} fz="xl">
                {order.title}
              </Title>
              <StateBadge state={order.state} />
              <PriorityBadge priority={order.priority} />
            </Group>
            <Anchor component={Link} to={`/machines/${order.machineId}`} size="sm">
              {order.machineName ?? `Machine #${order.machineId}`}
            </Anchor>
          </div>
          <Completion order={order} write={write} />
        </Group>
        <OrderFacts order={order} write={write} />
        <OrderIssues order={order} />
        <WorkOrderSteps order={order} editable={write && open} />
        <Card component="section" aria-labelledby="order-lines-title" padding="lg">
          <Title order={2} fz="lg" id="order-lines-title" mb="sm">
            Lines
          </Title>
          <Stack gap="lg">
            <WorkOrderLines order={order} money={rights.money} editable={write && open} />
            {write && open && <AddLineForm orderId={order.id} />}
            <Totals order={order} />
          </Stack>
        </Card>
      </Stack>
    );
  }

  return (
    <Page>
      <Group mb="md">
        <Anchor component={Link} to="/work-orders" size="sm" c="dimmed">
          <Group gap={4}>
            <IconArrowLeft size={14} /> All work orders
          </Group>
        </Anchor>
      </Group>
      {body}
    </Page>
  );
}
