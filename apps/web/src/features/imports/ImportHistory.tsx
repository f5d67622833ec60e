import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconFileImport, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PrevNextPager } from '../../components/PrevNextPager';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { HISTORY_PAGE_SIZE, useImportHistory } from './api';
import { sourceTitle } from './import-sources';
import { RevertButton } from './RevertButton';
import { countsText, pageLabel, progressLabel, resultText, STATE_COLORS, STATE_LABELS } from './review-logic';

/** The import history: file, time, source, counts, state and Revert, newest first, 20 a page. */
export function ImportHistory() {
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
    body = (
      <>
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
              {history.data.content.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td style={{ wordBreak: 'break-word' }}>
                    <Anchor component={Link} to={`/import?id=${i.id}`}>
                      {i.fileName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDateTime(i.createdAt)}</Table.Td>
                  <Table.Td>{sourceTitle(i.source)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {countsText(i.counts)}
                    </Text>
                    {(i.state === 'done' || i.state === 'failed' || i.state === 'reverted') && (
                      <Text size="sm" c="dimmed">
                        {resultText(i.counts)}
                      </Text>
                    )}
                    {i.state === 'importing' && (
                      <Text size="sm" c="dimmed">
                        {progressLabel(i.progress)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATE_COLORS[i.state] ?? 'gray'}>
                      {STATE_LABELS[i.state] ?? i.state}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <RevertButton view={i} size="xs" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PrevNextPager
          label={pageLabel(page, HISTORY_PAGE_SIZE, history.data.totalElements).replace('Rows', 'Imports')}
          hasPrevious={page > 0}
          hasNext={page + 1 < history.data.totalPages}
          onPrevious={() => setPage((p) => p - 1)}
          onNext={() => setPage((p) => p + 1)}
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
