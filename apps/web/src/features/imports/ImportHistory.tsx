import { Anchor, Badge, Button, Card, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ImportView } from '@wrenchlog/contracts';
import { IconFileImport, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DESKTOP_QUERY } from '../../core/theme';
import { Pager } from '../../components/Pager';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { HISTORY_PAGE_SIZE, useImportHistory } from './api';
import { sourceTitle } from './import-sources';
import { RevertButton } from './RevertButton';
import { countsText, pageLabel, progressLabel, resultText, STATE_COLORS, stateLabel } from './review-logic';
import { useTranslation } from 'react-i18next';
import './i18n';

function FileLink({ view }: { view: ImportView }) {
  return (
    <Anchor component={Link} to={`/import?id=${view.id}`}>
      {view.fileName}
    </Anchor>
  );
}

function StateBadge({ view }: { view: ImportView }) {
  return (
    <Badge variant="light" color={STATE_COLORS[view.state] ?? 'gray'} style={{ flexShrink: 0 }}>
      {stateLabel(view.state)}
    </Badge>
  );
}

/** The dry run's counts, then what the import wrote (or how far it is). */
function RowCounts({ view }: { view: ImportView }) {
  return (
    <>
      <Text size="sm">{countsText(view.counts)}</Text>
      {(view.state === 'done' || view.state === 'failed' || view.state === 'reverted') && (
        <Text size="sm" c="dimmed">
          {resultText(view.counts)}
        </Text>
      )}
      {view.state === 'importing' && (
        <Text size="sm" c="dimmed">
          {progressLabel(view.progress)}
        </Text>
      )}
    </>
  );
}

/** The import history: file, time, source, counts, state and Revert, newest first, 20 a page (a table; cards on a phone). */
export function ImportHistory() {
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const [page, setPage] = useState(0);
  const history = useImportHistory(page);
  const { t } = useTranslation('imports');
  let body;
  if (history.isError && !history.data) {
    body = <ErrorState text={t('history.loadFailed')} onRetry={() => void history.refetch()} />;
  } else if (!history.data) {
    body = <LoadingState text={t('history.loading')} />;
  } else if (history.data.totalElements === 0) {
    body = (
      <EmptyBlock
        icon={<IconHistory size={28} />}
        title={t('history.emptyTitle')}
        description={t('history.emptyText')}
        action={
          <Button component={Link} to="/import" leftSection={<IconFileImport size={16} />}>
            {t('history.start')}
          </Button>
        }
      />
    );
  } else {
    const imports = history.data.content;
    body = (
      <>
        {desktop ? (
          <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label={t('history.tableScroll')}>
            <Table verticalSpacing="sm" aria-label={t('history.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('history.file')}</Table.Th>
                  <Table.Th>{t('history.time')}</Table.Th>
                  <Table.Th>{t('history.source')}</Table.Th>
                  <Table.Th>{t('history.rows')}</Table.Th>
                  <Table.Th>{t('history.state')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('history.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {imports.map((i) => (
                  <Table.Tr key={i.id}>
                    <Table.Td style={{ wordBreak: 'break-word' }}>
                      <FileLink view={i} />
                    </Table.Td>
                    <Table.Td>{formatDateTime(i.createdAt)}</Table.Td>
                    <Table.Td>{sourceTitle(i.source)}</Table.Td>
                    <Table.Td>
                      <RowCounts view={i} />
                    </Table.Td>
                    <Table.Td>
                      <StateBadge view={i} />
                    </Table.Td>
                    <Table.Td>
                      <RevertButton view={i} size="xs" />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          // A phone: one card per import, nothing to scroll sideways.
          <Stack component="ul" gap="sm" aria-label={t('history.title')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {imports.map((i) => (
              <Paper component="li" withBorder p="sm" key={i.id}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0, wordBreak: 'break-word' }}>
                    <FileLink view={i} />
                    <Text size="sm" c="dimmed">
                      {t('history.sourceTime', { source: sourceTitle(i.source), time: formatDateTime(i.createdAt) })}
                    </Text>
                  </div>
                  <StateBadge view={i} />
                </Group>
                <RowCounts view={i} />
                <Group mt={4}>
                  <RevertButton view={i} size="xs" />
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        <Pager
          page={page}
          totalPages={history.data.totalPages}
          onPage={setPage}
          label={() => pageLabel(page, HISTORY_PAGE_SIZE, history.data.totalElements, 'imports')}
        />
      </>
    );
  }
  return (
    <Card component="section" aria-labelledby="import-history">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="import-history">
          {t('history.title')}
        </Title>
      </Group>
      <Stack gap="sm">{body}</Stack>
    </Card>
  );
}
