import { Badge, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../core/context';
import { DESKTOP_QUERY } from '../../core/theme';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { inventoryApi, inventoryKeys, type Part } from './inventory-api';
import { movementText, signed } from './inventory-logic';

/**
 * A part's stock ledger (issue 35), newest first: purchases received, what work orders took and gave
 * back (with the order), counts typed by hand. Read-only, so any role that sees the inventory opens it.
 */
export function PartLedgerDialog({ part, onClose }: { part: Pick<Part, 'id' | 'name' | 'quantity' | 'reserved' | 'available'>; onClose: () => void }) {
  const api = useApi();
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const ledger = useQuery({ queryKey: inventoryKeys.ledger(part.id), queryFn: () => inventoryApi.ledger(api, part.id) });

  let body;
  if (ledger.isPending) {
    body = <LoadingState text="Loading the stock ledger..." />;
  } else if (ledger.isError) {
    body = <ErrorState text="Failed to load the stock ledger" onRetry={() => void ledger.refetch()} />;
  } else if (ledger.data.length === 0) {
    body = <EmptyBlock icon={<IconHistory size={30} />} title="No stock changes yet" description="Purchases, work orders and counts by hand appear here." />;
  } else {
    body = (
      <Table verticalSpacing="xs" aria-label={`Stock ledger of ${part.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>What</Table.Th>
            <Table.Th w={desktop ? 90 : 56}>Change</Table.Th>
            <Table.Th w={desktop ? 90 : 52}>Stock</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ledger.data.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td style={{ minWidth: 0 }}>
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {movementText(m)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(m.at)}
                  {m.by?.name ? ` · ${m.by.name}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} c={m.delta < 0 ? 'red.8' : 'green.8'}>
                  {signed(m.delta)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{m.quantityAfter}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Stock ledger: ${part.name}`}
      size="lg"
      fullScreen={!desktop}
      radius="md"
      styles={{ title: { fontWeight: 700, fontSize: 20 } }}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <Badge variant="light" radius="sm" tt="none">
            {part.quantity} in stock
          </Badge>
          <Badge variant="light" color="orange" radius="sm" tt="none">
            {part.reserved} reserved
          </Badge>
          <Badge variant="light" color="teal" radius="sm" tt="none">
            {part.available} available
          </Badge>
        </Group>
        {body}
      </Stack>
    </Modal>
  );
}
