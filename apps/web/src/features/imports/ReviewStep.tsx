import { Card, List, SegmentedControl, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import type { ImportCounts } from '@wrenchlog/contracts';
import { useState } from 'react';
import { Pager } from '../../components/Pager';
import { ErrorState, LoadingState } from '../../components/states';
import { useImportRows, useKeepImportRow, type ImportRowView } from './api';
import { RowStatusBadge } from './RowStatusBadge';
import { emptyRowsText, filterChoices, firstFilter, fmt, pageLabel, photosText, ROWS_PAGE_SIZE, type RowFilter } from './review-logic';
import { useTranslation } from 'react-i18next';
import './i18n';

/** A duplicate row is skipped unless the user imports it anyway (PUT /api/imports/{id}/rows/{rowNumber}). */
function KeepToggle({ id, row }: { id: number; row: ImportRowView }) {
  const keep = useKeepImportRow(id);
  const checked = keep.isPending ? keep.variables.keep : row.keep === true;
  const { t } = useTranslation('imports');
  return (
    <Stack gap={2} mt={4}>
      <Switch
        size="sm"
        label={t('review.importAnyway')}
        checked={checked}
        disabled={keep.isPending}
        onChange={(e) => keep.mutate({ rowNumber: row.rowNumber, keep: e.currentTarget.checked })}
      />
      {keep.isError && (
        <Text size="xs" c="red" role="alert">
          {keep.error instanceof Error ? keep.error.message : t('review.keepFailed')}
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
        {fmt(value)}
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
  const { t } = useTranslation('imports');
  let body;
  if (rows.isError && !rows.data) {
    body = <ErrorState text={t('review.loadFailed')} onRetry={() => void rows.refetch()} />;
  } else if (!rows.data) {
    body = <LoadingState text={t('review.loading')} />;
  } else if (rows.data.content.length === 0) {
    body = (
      <Text c="dimmed" py="md" ta="center">
        {emptyRowsText(filter)}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={340} type="native" tabIndex={0} role="region" aria-label={t('review.tableScroll')}>
        <Table verticalSpacing="xs" aria-label={t('review.table')} style={{ opacity: rows.isPlaceholderData ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64}>{t('review.row')}</Table.Th>
              <Table.Th w={100}>{t('review.status')}</Table.Th>
              <Table.Th>{t('review.messages')}</Table.Th>
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
                      {t('review.ready')}
                    </Text>
                  ) : (
                    <List size="sm" spacing={2}>
                      {row.messages.map((m) => (
                        <List.Item key={m}>{m}</List.Item>
                      ))}
                      {row.newMachine && <List.Item>{t('review.createsMachine', { name: row.newMachine })}</List.Item>}
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
      <SimpleGrid cols={{ base: 3 }} spacing="sm" aria-label={t('review.countsLabel')}>
        <Count label={t('review.valid')} value={counts.valid} color="green" />
        <Count label={t('review.warnings')} value={counts.warnings} color="yellow.8" />
        <Count label={t('review.errors')} value={counts.errors} color="red" />
      </SimpleGrid>
      {photosText(counts.photos) && <Text size="sm">{photosText(counts.photos)}</Text>}
      <Text size="sm" c="dimmed">
        {t('review.dryRun')}
      </Text>
      <Card withBorder component="section" aria-labelledby="import-rows">
        <Title order={3} fz="md" id="import-rows" mb="sm">
          {t('review.rows')}
        </Title>
        <SegmentedControl
          mb="sm"
          fullWidth
          aria-label={t('review.showRows')}
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
