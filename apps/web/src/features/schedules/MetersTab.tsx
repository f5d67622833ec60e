import { Badge, Button, Card, Group, Menu, Stack, Table, Text, Title } from '@mantine/core';
import { useRights } from '../../core/rights';
import { useMediaQuery } from '@mantine/hooks';
import { IconDots, IconGauge } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Meter, MeterReading } from '@wrenchlog/contracts';
import { MeterLimits } from '@wrenchlog/contracts/limits';
import { useState } from 'react';
import { useApi } from '../../core/context';
import { DESKTOP_QUERY } from '../../core/theme';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { formatDate } from '../../lib/format';
import { EditMeterDialog } from './EditMeterDialog';
import { ReadingDialog } from './ReadingDialog';
import { ReplaceMeterDialog } from './ReplaceMeterDialog';
import { scheduleApi, scheduleKeys, useSetReadingVoid } from './schedule-api';
import { failureText, formatMeterValue, meterTitle, SOURCE_LABEL } from './schedule-logic';

function readingNote(r: MeterReading, unit: string): string | null {
  if (r.replacement) {
    return 'New meter';
  }
  if (r.rollover) {
    return 'Rollover';
  }
  return r.lifetimeValue !== r.value ? `Lifetime ${formatMeterValue(r.lifetimeValue, unit)}` : null;
}

function MeterReadings({ meter }: { meter: Meter }) {
  const api = useApi();
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const size = MeterLimits.readingsPageSize;
  const query = useInfiniteQuery({
    queryKey: scheduleKeys.readings(meter.id),
    queryFn: ({ pageParam }) => scheduleApi.readings(api, meter.id, pageParam, size),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.number + 1 < last.totalPages ? last.number + 1 : undefined),
  });
  const setVoid = useSetReadingVoid(meter.machineId);
  const [failure, setFailure] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'reading' | 'rollover' | 'replace' | 'edit' | null>(null);
  const mayWrite = useRights().may('meter.write');
  const title = meterTitle(meter);

  async function toggle(r: MeterReading) {
    setFailure(null);
    try {
      await setVoid.mutateAsync({ readingId: r.id, isVoid: !r.void });
    } catch (err) {
      setFailure(failureText(err, 'The reading could not be changed. Try again.'));
    }
  }

  const readings = query.data?.pages.flatMap((p) => p.content) ?? [];
  let body;
  if (query.isPending) {
    body = <LoadingState text="Loading readings..." />;
  } else if (query.isError) {
    body = <ErrorState text="Failed to load readings" onRetry={() => void query.refetch()} />;
  } else if (readings.length === 0) {
    body = <EmptyBlock icon={<IconGauge size={28} />} title="No readings yet" description="Readings come from service and fuel records, or add one by hand." />;
  } else {
    const voidButton = (r: MeterReading) => (
      <Button
        size="compact-xs"
        variant="subtle"
        color={r.void ? 'blue' : 'red'}
        onClick={() => void toggle(r)}
        disabled={setVoid.isPending}
        aria-label={`${r.void ? 'Unvoid' : 'Void'} reading ${formatMeterValue(r.value, meter.unit)} on ${formatDate(r.readAt)}`}
      >
        {r.void ? 'Unvoid' : 'Void'}
      </Button>
    );
    const valueCell = (r: MeterReading) => (
      <Text span td={r.void ? 'line-through' : undefined} c={r.void ? 'dimmed' : undefined}>
        {formatMeterValue(r.value, meter.unit)}
      </Text>
    );
    body = desktop ? (
      <Table striped highlightOnHover aria-label={`${title} readings`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Note</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {readings.map((r) => (
            <Table.Tr key={r.id} data-void={r.void || undefined}>
              <Table.Td>{formatDate(r.readAt)}</Table.Td>
              <Table.Td>{valueCell(r)}</Table.Td>
              <Table.Td>{SOURCE_LABEL[r.source]}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {r.void && (
                    <Badge size="xs" color="gray" tt="none">
                      void
                    </Badge>
                  )}
                  <Text size="sm" c="dimmed">
                    {readingNote(r, meter.unit)}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td ta="right">{voidButton(r)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    ) : (
      <Stack gap="xs" role="list" aria-label={`${title} readings`}>
        {readings.map((r) => (
          <Card key={r.id} withBorder padding="xs" role="listitem" data-void={r.void || undefined}>
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text fw={600}>{valueCell(r)}</Text>
                <Text size="xs" c="dimmed">
                  {formatDate(r.readAt)} · {SOURCE_LABEL[r.source]}
                  {r.void ? ' · void' : ''}
                  {readingNote(r, meter.unit) ? ` · ${readingNote(r, meter.unit)}` : ''}
                </Text>
              </div>
              {voidButton(r)}
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <section aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <div>
          <Title order={3} fz="md">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {formatMeterValue(meter.currentValue, meter.unit)}
            {meter.ratePerDay !== null ? ` · about ${formatMeterValue(Math.round(meter.ratePerDay * 10) / 10, meter.unit)} a day` : ''}
          </Text>
        </div>
        {mayWrite && (
          <Group gap="xs">
            <Button size="compact-sm" onClick={() => setDialog('reading')}>
              Add reading
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="compact-sm" variant="default" rightSection={<IconDots size={14} />} aria-label={`More for ${title}`}>
                  More
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setDialog('edit')}>Edit meter</Menu.Item>
                <Menu.Item onClick={() => setDialog('rollover')}>Record rollover</Menu.Item>
                <Menu.Item onClick={() => setDialog('replace')}>Replace meter</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
      </Group>
      {failure && (
        <Text c="red" size="sm" role="alert" mb="xs">
          {failure}
        </Text>
      )}
      {body}
      {query.hasNextPage && (
        <Group justify="center" mt="sm">
          <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      )}
      {(dialog === 'reading' || dialog === 'rollover') && (
        <ReadingDialog meter={meter} initialRollover={dialog === 'rollover'} onClose={() => setDialog(null)} />
      )}
      {dialog === 'replace' && <ReplaceMeterDialog meter={meter} onClose={() => setDialog(null)} />}
      {dialog === 'edit' && <EditMeterDialog meter={meter} onClose={() => setDialog(null)} />}
    </section>
  );
}

/** The Meters tab: each meter's readings, newest first, with Void / Unvoid, editing, rollover and replacement. */
export function MetersTab({ machineId }: { machineId: number }) {
  const api = useApi();
  const query = useQuery({ queryKey: scheduleKeys.meters(machineId), queryFn: () => scheduleApi.meters(api, machineId) });
  if (query.isPending) {
    return <LoadingState text="Loading meters..." />;
  }
  if (query.isError) {
    return <ErrorState text="Failed to load meters" onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) {
    return <EmptyBlock icon={<IconGauge size={28} />} title="No meters" description="This machine has no meters yet." />;
  }
  return (
    <Stack gap="xl">
      {query.data.map((m) => (
        <MeterReadings key={m.id} meter={m} />
      ))}
    </Stack>
  );
}
