import { ActionIcon, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatNumber, formatPrice } from '../../lib/format';
import { failureText } from './work-logic';
import { useWorkOrderLines, type WorkOrder, type WorkOrderLine } from './work-api';

function LinesTable({
  caption,
  head,
  lines,
  cells,
  money,
  onDelete,
}: {
  caption: string;
  head: string[];
  lines: WorkOrderLine[];
  cells: (l: WorkOrderLine) => React.ReactNode[];
  money: boolean;
  onDelete?: (l: WorkOrderLine) => void;
}) {
  return (
    <Stack gap={4}>
      <Title order={3} fz="md">
        {caption}
      </Title>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          None yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table aria-label={caption} striped>
            <Table.Thead>
              <Table.Tr>
                {head.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
                {money && <Table.Th ta="right">Amount</Table.Th>}
                {onDelete && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => (
                <Table.Tr key={l.id} data-testid={`line-${l.kind}`}>
                  {cells(l).map((c, i) => (
                    <Table.Td key={i}>{c}</Table.Td>
                  ))}
                  {money && <Table.Td ta="right">{formatPrice(l.amount)}</Table.Td>}
                  {onDelete && (
                    <Table.Td>
                      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${caption.toLowerCase()} line`} onClick={() => onDelete(l)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** An order's labour, part and other lines; removable while the order is open and the role may write. */
export function WorkOrderLines({ order, money, editable }: { order: WorkOrder; money: boolean; editable: boolean }) {
  const { remove } = useWorkOrderLines(order.id);
  const [failure, setFailure] = useState<string | null>(null);
  const of = (kind: WorkOrderLine['kind']) => order.lines.filter((l) => l.kind === kind);
  const onDelete = editable
    ? (l: WorkOrderLine) => {
        setFailure(null);
        remove.mutate(l.id, { onError: (err) => setFailure(failureText(err, 'The line could not be removed. Try again.')) });
      }
    : undefined;
  return (
    <Stack gap="md">
      {failure && (
        <Text c="red" size="sm" role="alert">
          {failure}
        </Text>
      )}
      <LinesTable
        caption="Labour"
        head={money ? ['Person', 'Hours', 'Rate'] : ['Person', 'Hours']}
        lines={of('labour')}
        money={money}
        onDelete={onDelete}
        cells={(l) => [l.userName ?? (l.userId ? 'a member' : '—'), formatNumber(l.hours), ...(money ? [formatPrice(l.rate)] : [])]}
      />
      <LinesTable
        caption="Parts"
        head={money ? ['Part', 'Quantity', 'Unit price'] : ['Part', 'Quantity']}
        lines={of('part')}
        money={money}
        onDelete={onDelete}
        cells={(l) => [l.partName ?? `Part #${l.partId}`, formatNumber(l.quantity), ...(money ? [formatPrice(l.unitPrice)] : [])]}
      />
      <LinesTable caption="Other" head={['Description']} lines={of('other')} money={money} onDelete={onDelete} cells={(l) => [l.description]} />
    </Stack>
  );
}
