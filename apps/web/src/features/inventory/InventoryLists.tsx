import { ActionIcon, Anchor, Badge, Group, Paper, SimpleGrid, Table, Text, UnstyledButton } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Pager } from '../../components/Pager';
import { formatPrice } from '../../lib/format';
import type { Part, PartPage, Supplier, SupplierPage } from './inventory-api';
import { locationFromAddress, stockColor, stockLabel, type RecentPart } from './inventory-logic';

// The three lists of the Parts & Inventory page (PartsPage.tsx owns their queries, searches and dialogs).

// The spec's inventory pager reads 'page X of Y'.
const inventoryPageLabel = ({ number, pages }: { number: number; pages: number }) => `page ${number} of ${pages}`;

function StockBadge({ quantity, minStock, reserved = 0 }: { quantity: number; minStock: number; reserved?: number }) {
  const color = stockColor(quantity, minStock);
  return (
    <Group gap={6} wrap="wrap" style={{ rowGap: 2 }}>
      <Badge
        color={color}
        variant="light"
        radius="sm"
        size="md"
        data-color={color}
        title={stockLabel(quantity, minStock)}
        style={{ flexShrink: 0, overflow: 'visible' }}
      >
        {quantity}
      </Badge>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        / {minStock} min
      </Text>
      {reserved > 0 && (
        // Issue 35: what open work orders hold back of it.
        <Text size="xs" c="orange.9" style={{ whiteSpace: 'nowrap' }}>
          {reserved} reserved
        </Text>
      )}
    </Group>
  );
}

interface ListProps<T> {
  page: T;
  /** The previous page is shown while the next one loads. */
  stale: boolean;
  desktop: boolean;
  pageIndex: number;
  onPage: (page: number) => void;
}

/** Part #, name (opens the part) with its description, and the stock against its minimum. */
export function PartsTable({
  page,
  stale,
  desktop,
  pageIndex,
  onPage,
  onOpen,
  onLedger,
}: ListProps<PartPage> & { onOpen: (part: Part) => void; onLedger: (part: Part) => void }) {
  return (
    <>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Parts" style={{ opacity: stale ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={desktop ? 180 : 72}>Part #</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th w={desktop ? 180 : 104}>Stock</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page.content.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Text size={desktop ? 'sm' : 'xs'} ff="monospace" style={{ wordBreak: 'break-word' }}>
                  {p.partNumber}
                </Text>
              </Table.Td>
              <Table.Td style={{ minWidth: 0 }}>
                <Anchor component="button" type="button" fw={600} size="sm" ta="left" onClick={() => onOpen(p)} style={{ wordBreak: 'break-word' }}>
                  {p.name}
                </Anchor>
                {p.description && (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {p.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" align="flex-start" justify="space-between">
                  <StockBadge quantity={p.quantity} minStock={p.minStock} reserved={p.reserved} />
                  {/* In the stock cell, named by the part number: the name cell's one button is the part (the browser tests read it so). */}
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Stock ledger (${p.partNumber})`}
                    title={`Stock ledger of ${p.name}`}
                    onClick={() => onLedger(p)}
                  >
                    <IconHistory size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Pager page={pageIndex} totalPages={page.totalPages} label={inventoryPageLabel} onPage={onPage} />
    </>
  );
}

/** Name and email, and the city and state of the address; a row opens the supplier. */
export function SuppliersTable({ page, stale, desktop, pageIndex, onPage, onOpen }: ListProps<SupplierPage> & { onOpen: (supplier: Supplier) => void }) {
  return (
    <>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Suppliers" style={{ opacity: stale ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th w={desktop ? 260 : 130}>Location</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page.content.map((s) => (
            <Table.Tr
              key={s.id}
              onClick={() => onOpen(s)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onOpen(s);
                }
              }}
              tabIndex={0}
              aria-label={`Edit supplier ${s.name}`}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" c="brand.7" style={{ wordBreak: 'break-word' }}>
                  {s.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {s.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{locationFromAddress(s.address) || '—'}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Pager page={pageIndex} totalPages={page.totalPages} label={inventoryPageLabel} onPage={onPage} />
    </>
  );
}

/** The Recently Viewed cards: name, stock label, part number, description, price and quantity. */
export function RecentCards({ cards, onOpen }: { cards: RecentPart[]; onOpen: (part: RecentPart) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {cards.map((p) => {
        const color = stockColor(p.quantity, p.minStock);
        return (
          <UnstyledButton key={p.id} onClick={() => onOpen(p)} aria-label={`Open ${p.name}`} data-testid="recent-card" style={{ display: 'block' }}>
            <Paper withBorder radius="md" p="md" h="100%">
              <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                <Text fw={700} style={{ wordBreak: 'break-word' }}>
                  {p.name}
                </Text>
                <Badge color={color} variant="light" radius="sm" tt="none" data-color={color} style={{ flexShrink: 0 }}>
                  {stockLabel(p.quantity, p.minStock)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" ff="monospace">
                {p.partNumber}
              </Text>
              {p.description && (
                <Text size="sm" mt={6} lineClamp={2}>
                  {p.description}
                </Text>
              )}
              <Group justify="space-between" mt="sm">
                <Text fw={700}>{formatPrice(p.price)}</Text>
                <Text size="sm" c="dimmed">
                  Qty: {p.quantity}
                </Text>
              </Group>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
