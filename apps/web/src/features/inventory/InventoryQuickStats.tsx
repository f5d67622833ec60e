import { Card, Collapse, Group, Paper, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../components/states';
import type { InventoryStats } from './inventory-api';

function StatBox({ label, value, color }: { label: string; value: ReactNode; color?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" c="dimmed" fw={700}>
        {label}
      </Text>
      <Text fz={26} fw={700} c={color}>
        {value}
      </Text>
    </Paper>
  );
}

/** The Quick Stats card (closed at first): total parts, low and out of stock, suppliers. */
export function InventoryQuickStats({ stats, desktop }: { stats: UseQueryResult<InventoryStats>; desktop: boolean }) {
  const [statsOpen, setStatsOpen] = useState(false);
  return (
    <Card padding={desktop ? 'lg' : 'md'} mb="md">
      <UnstyledButton onClick={() => setStatsOpen((o) => !o)} aria-expanded={statsOpen} aria-controls="inventory-quick-stats" style={{ width: '100%' }}>
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Quick Stats
          </Title>
          {statsOpen ? <IconMinus size={20} aria-label="Hide" /> : <IconPlus size={20} aria-label="Show" />}
        </Group>
      </UnstyledButton>
      <Collapse expanded={statsOpen} id="inventory-quick-stats">
        <div style={{ paddingTop: 16 }}>
          {stats.isPending ? (
            <LoadingState text="Loading stats..." />
          ) : stats.isError ? (
            <ErrorState text="Failed to load stats" onRetry={() => void stats.refetch()} />
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <StatBox label="Total Parts" value={stats.data.totalParts} />
              <StatBox label="Low Stock" value={stats.data.lowStock} color={stats.data.lowStock > 0 ? 'yellow.8' : undefined} />
              <StatBox label="Out of Stock" value={stats.data.outOfStock} color={stats.data.outOfStock > 0 ? 'red.7' : undefined} />
              <StatBox label="Suppliers" value={stats.data.suppliers} />
            </SimpleGrid>
          )}
        </div>
      </Collapse>
    </Card>
  );
}
