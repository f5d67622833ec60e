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
import { countsText, pageLabel, progressLabel, resultText, STATE_COLORS, STATE_LABELS } from './review-logic';

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
      {STATE_LABELS[view.state] ?? view.state}
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
  let body;
  if (history.isError && !history.data) {
    body = <ErrorState text="Could not load your imports." onRetry={() => void history.refetch()} />;
  } else if (!history.data) {
    body = <LoadingState text="Loading imports..." />;
  } else if (history.data.totalElements === 0) {
    body = (
      <EmptyBlock
        icon={<IconHistory size={28} />}
        title="No imports yet"
        description="Files you import appear here, with their counts and a way to revert them."
        action={
          <Button component={Link} to="/import" leftSection={<IconFileImport size={16} />}>
            Start an import
          </Button>
        }
      />
    );
  } else {
    const imports = history.data.content;
    body = (
      <>
        {desktop ? (
          <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label="Import history, scrolls sideways">
            <Table verticalSpacing="sm" aria-label="Import history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>File</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Source</Table.Th>
                  <Table.Th>Rows</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
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
          <Stack component="ul" gap="sm" aria-label="Import history" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {imports.map((i) => (
              <Paper component="li" withBorder p="sm" key={i.id}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0, wordBreak: 'break-word' }}>
                    <FileLink view={i} />
                    <Text size="sm" c="dimmed">
                      {sourceTitle(i.source)}, {formatDateTime(i.createdAt)}
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
          label={() => pageLabel(page, HISTORY_PAGE_SIZE, history.data.totalElements).replace('Rows', 'Imports')}
        />
      </>
    );
  }
  return (
    <Card component="section" aria-labelledby="import-history">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="import-history">
          Import history
        </Title>
      </Group>
      <Stack gap="sm">{body}</Stack>
    </Card>
  );
}
