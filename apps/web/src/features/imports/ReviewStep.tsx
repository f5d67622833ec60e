import { Card, List, SegmentedControl, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import type { ImportCounts } from '@wrenchlog/contracts';
import { useState } from 'react';
import { Pager } from '../../components/Pager';
import { ErrorState, LoadingState } from '../../components/states';
import { useImportRows, useKeepImportRow, type ImportRowView } from './api';
import { RowStatusBadge } from './RowStatusBadge';
import { emptyRowsText, filterChoices, firstFilter, pageLabel, photosText, ROWS_PAGE_SIZE, type RowFilter } from './review-logic';

/** A duplicate row is skipped unless the user imports it anyway (PUT /api/imports/{id}/rows/{rowNumber}). */
function KeepToggle({ id, row }: { id: number; row: ImportRowView }) {
  const keep = useKeepImportRow(id);
  const checked = keep.isPending ? keep.variables.keep : row.keep === true;
  return (
    <Stack gap={2} mt={4}>
      <Switch
        size="sm"
        label="Import anyway"
        checked={checked}
        disabled={keep.isPending}
        onChange={(e) => keep.mutate({ rowNumber: row.rowNumber, keep: e.currentTarget.checked })}
      />
      {keep.isError && (
        <Text size="xs" c="red" role="alert">
          {keep.error instanceof Error ? keep.error.message : 'Could not change the row.'}
        </Text>
      )}
    </Stack>
  );
}

function Count({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} c={color}>
        {value.toLocaleString('en-US')}
      </Text>
    </Card>
  );
}

/** Step 4: the dry run's counts and its rows with their messages, filtered by status and paged. */
export function ReviewStep({ id, counts }: { id: number; counts: ImportCounts }) {
  const [filter, setFilter] = useState<RowFilter>(() => firstFilter(counts));
  const [page, setPage] = useState(0);
  const rows = useImportRows(id, filter, page);
  const total = rows.data?.totalElements ?? 0;
  let body;
  if (rows.isError && !rows.data) {
    body = <ErrorState text="Could not load the rows." onRetry={() => void rows.refetch()} />;
  } else if (!rows.data) {
    body = <LoadingState text="Loading rows..." />;
  } else if (rows.data.content.length === 0) {
    body = (
      <Text c="dimmed" py="md" ta="center">
        {emptyRowsText(filter)}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={340} type="native" tabIndex={0} role="region" aria-label="Reviewed rows, scrolls sideways">
        <Table verticalSpacing="xs" aria-label="Reviewed rows" style={{ opacity: rows.isPlaceholderData ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64}>Row</Table.Th>
              <Table.Th w={100}>Status</Table.Th>
              <Table.Th>Messages</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.data.content.map((row) => (
              <Table.Tr key={row.rowNumber}>
                <Table.Td>{row.rowNumber}</Table.Td>
                <Table.Td>
                  <RowStatusBadge status={row.status} />
                </Table.Td>
                <Table.Td>
                  {row.messages.length === 0 && !row.newMachine ? (
                    <Text size="sm" c="dimmed">
                      Ready to import
                    </Text>
                  ) : (
                    <List size="sm" spacing={2}>
                      {row.messages.map((m) => (
                        <List.Item key={m}>{m}</List.Item>
                      ))}
                      {row.newMachine && <List.Item>creates the machine {row.newMachine}</List.Item>}
                    </List>
                  )}
                  {row.duplicate && <KeepToggle id={id} row={row} />}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 3 }} spacing="sm" aria-label="Dry run counts">
        <Count label="Valid" value={counts.valid} color="green" />
        <Count label="Warnings" value={counts.warnings} color="yellow.8" />
        <Count label="Errors" value={counts.errors} color="red" />
      </SimpleGrid>
      {photosText(counts.photos) && <Text size="sm">{photosText(counts.photos)}</Text>}
      <Text size="sm" c="dimmed">
        Nothing has been written yet: this is a dry run through the same checks the import uses. Duplicates are skipped unless you turn on Import anyway.
      </Text>
      <Card withBorder component="section" aria-labelledby="import-rows">
        <Title order={3} fz="md" id="import-rows" mb="sm">
          Rows
        </Title>
        <SegmentedControl
          mb="sm"
          fullWidth
          aria-label="Show rows"
          value={filter}
          onChange={(v) => {
            setFilter(v as RowFilter);
            setPage(0);
          }}
          data={filterChoices(counts)}
          styles={{ label: { whiteSpace: 'normal', paddingInline: 4 } }}
        />
        {body}
        {total > 0 && (
          <Pager page={page} totalPages={Math.ceil(total / ROWS_PAGE_SIZE)} onPage={setPage} label={() => pageLabel(page, ROWS_PAGE_SIZE, total)} />
        )}
      </Card>
    </Stack>
  );
}
