import { Badge, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { WorkOrderState } from '@wrenchlog/contracts/limits';
import { Link } from 'react-router-dom';
import { formatPrice } from '../../lib/format';
import { PriorityBadge } from './IssueBadges';
import type { WorkOrder } from './work-api';
import { columnsOf, STATE_COLORS, STATE_LABELS } from './work-logic';

function OrderCard({ order, money }: { order: WorkOrder; money: boolean }) {
  const issues = order.issueIds.length;
  return (
    <UnstyledButton component={Link} to={`/work-orders/${order.id}`} data-testid="work-order-card" style={{ display: 'block', borderRadius: 8 }}>
      <Card withBorder padding="sm" radius="md">
        <Stack gap={4}>
          <Group justify="space-between" gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed" truncate>
              {order.machineName ?? `Machine #${order.machineId}`}
            </Text>
            <span style={{ flexShrink: 0 }}>
              <PriorityBadge priority={order.priority} />
            </span>
          </Group>
          <Text fw={600} lineClamp={2}>
            {order.title}
          </Text>
          <Text size="sm">{order.assignee ? `Assigned to ${order.assignee.name ?? 'a member'}` : 'Unassigned'}</Text>
          <Group justify="space-between" gap={4}>
            <Text size="xs" c="dimmed">
              {issues === 1 ? '1 issue' : `${issues} issues`}
            </Text>
            {money && order.totals && (
              <Text size="sm" fw={600} aria-label="Total">
                {formatPrice(order.totals.total)}
              </Text>
            )}
          </Group>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

/**
 * Work orders as cards in a column per state (the service's states, in order). The columns wrap:
 * at 390 px they stack into one list, each state a heading with its cards under it.
 */
export function WorkOrderBoard({ orders, money }: { orders: readonly WorkOrder[]; money: boolean }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(176px, 1fr))', gap: 12, alignItems: 'start' }}>
      {columnsOf(orders).map(({ state, orders: cards }) => (
        <Column key={state} state={state} count={cards.length}>
          {cards.length === 0 ? (
            <Text component="li" size="sm" c="dimmed" style={{ listStyle: 'none' }}>
              None
            </Text>
          ) : (
            cards.map((o) => (
              <li key={o.id} style={{ listStyle: 'none' }}>
                <OrderCard order={o} money={money} />
              </li>
            ))
          )}
        </Column>
      ))}
    </div>
  );
}

function Column({ state, count, children }: { state: WorkOrderState; count: number; children: React.ReactNode }) {
  const id = `board-column-${state}`;
  return (
    <Card component="section" aria-labelledby={id} padding="sm" bg="var(--mantine-color-default-hover)" data-testid="board-column" data-state={state}>
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="md" id={id}>
          {STATE_LABELS[state]}
        </Title>
        <Badge color={STATE_COLORS[state]} variant="light" aria-label={`${count} ${STATE_LABELS[state].toLowerCase()}`}>
          {count}
        </Badge>
      </Group>
      <Stack gap="xs" component="ul" p={0} m={0}>
        {children}
      </Stack>
    </Card>
  );
}
