import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconClipboardOff, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { Page, PageHeader } from '../../components/PageHeader';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { useApi } from '../../core/context';
import { formatDate, formatNumber } from '../../lib/format';
import { useInspection, type Inspection } from './inspection-api';
import { rangeText, RESULT_LABELS } from './inspection-logic';

const RESULT_COLORS = { pass: 'green', fail: 'red', na: 'gray' } as const;

/** "Print / PDF": the gateway draws it; fetched with the session's token and opened as a file. */
function PdfButton({ inspection }: { inspection: Inspection }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function open() {
    setBusy(true);
    setFailure(null);
    try {
      const res = await api.raw(`/api/inspections/${inspection.id}.pdf`, { method: 'GET', headers: { accept: 'application/pdf' } });
      if (!res.ok) {
        throw new Error(`The PDF could not be made (${res.status}).`);
      }
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = `inspection-${inspection.id}.pdf`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      // Revoked once the download has started (at once would cancel it in some browsers).
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : 'The PDF could not be made.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap={4} align="flex-end">
      <Button leftSection={<IconPrinter size={16} />} variant="default" loading={busy} onClick={() => void open()}>
        Print / PDF
      </Button>
      {failure && (
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}

function Result({ inspection }: { inspection: Inspection }) {
  return (
    <Stack gap="md">
      {inspection.failedCount === 0 ? (
        <Alert color="green" title="All items passed" />
      ) : (
        <Alert color="red" title={`${inspection.failedCount} item${inspection.failedCount === 1 ? '' : 's'} failed`}>
          {inspection.issueIds.length > 0 && (
            <Text size="sm">
              {inspection.issueIds.length === 1 ? 'An issue was' : `${inspection.issueIds.length} issues were`} opened on{' '}
              {/* The alert's own text colour: the link blue on its red tint falls short of 4.5:1. */}
              <Anchor component={Link} to={`/machines/${inspection.machineId}`} c="inherit" underline="always" fw={600}>
                {inspection.machineName ?? 'the machine'}
              </Anchor>
              .
            </Text>
          )}
        </Alert>
      )}
      <Card padding="md">
        <Group gap="xl" wrap="wrap">
          <Text size="sm">Date: {formatDate(inspection.readAt)}</Text>
          {inspection.meters?.distance != null && <Text size="sm">Odometer: {formatNumber(inspection.meters.distance)}</Text>}
          {inspection.meters?.hours != null && <Text size="sm">Hours: {formatNumber(inspection.meters.hours)}</Text>}
          <Text size="sm">Inspected by: {inspection.createdBy?.name ?? 'a member'}</Text>
          <Text size="sm">Signed: {inspection.signedBy ?? 'not signed'}</Text>
        </Group>
      </Card>
      <Table.ScrollContainer minWidth={320}>
        <Table aria-label="Items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Value / note</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inspection.items.map((item) => (
              <Table.Tr key={item.itemId}>
                <Table.Td>{item.label}</Table.Td>
                <Table.Td>
                  <Badge color={RESULT_COLORS[item.result]} variant="light" radius="sm" tt="none" fw={600}>
                    {RESULT_LABELS[item.result]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {item.value !== null && (
                    <Text size="sm">
                      {formatNumber(item.value)}
                      {rangeText(item) && ` (allowed ${rangeText(item)})`}
                    </Text>
                  )}
                  {item.note && <Text size="sm">{item.note}</Text>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** /inspections/:id (issue 35): the result, each item, the issues it opened, "Print / PDF". */
export default function InspectionPage() {
  const { id: param } = useParams();
  const id = Number(param);
  const valid = Number.isInteger(id) && id > 0;
  const query = useInspection(id, valid);
  let body;
  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    body = (
      <EmptyBlock
        icon={<IconClipboardOff size={28} />}
        title="Inspection not found"
        description="It may be on a machine you do not see, or the link is wrong."
      />
    );
  } else if (query.isPending) {
    body = <LoadingState text="Loading the inspection..." />;
  } else if (query.isError) {
    body = <ErrorState text="Failed to load the inspection" onRetry={() => void query.refetch()} />;
  } else {
    body = <Result inspection={query.data} />;
  }
  return (
    <Page>
      <PageHeader
        title={query.data ? `${query.data.formName}` : 'Inspection'}
        description={query.data ? `${query.data.machineName ?? 'Machine'} · ${formatDate(query.data.readAt)}` : undefined}
        actions={query.data && <PdfButton inspection={query.data} />}
      />
      {body}
    </Page>
  );
}
