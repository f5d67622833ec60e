import { Anchor, Badge, Box, Button, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronLeft, IconExternalLink } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ServiceRecordRow } from '../../api/types';
import { SortableTh } from '../../components/SortableTh';
import { SortBar } from '../../components/SortBar';
import { Pager } from '../../components/Pager';
import { formatDate, formatDateTime, formatPrice, orNA } from '../../lib/format';
import {
  PAGE_SIZES,
  recordStatusLabel,
  serviceStatusColor,
  serviceTypeColor,
  truncateTitle,
  type RecordSort,
  type ServiceSortField,
} from './service-record-list';
import { i18n } from '../../core/i18n/i18n';
import { serviceTypeLabel } from '../../core/i18n/labels';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import './i18n';

const machineLabel = (r: ServiceRecordRow) => r.machineName?.trim() || i18n.t('machineById', { ns: 'serviceRecords', id: r.machineId });

export function ServiceTypeBadge({ type }: { type: string | null | undefined }) {
  const color = serviceTypeColor(type);
  return (
    <Badge color={color} variant="light" radius="sm" tt="none" fw={600} data-color={color}>
      {type?.trim() ? serviceTypeLabel(type.trim()) : i18n.t('na')}
    </Badge>
  );
}

export function ServiceStatusBadge({ status }: { status: string | null | undefined }) {
  const color = serviceStatusColor(status);
  return (
    <Badge color={color} variant="dot" radius="sm" tt="none" fw={600} data-color={color} style={{ flexShrink: 0 }}>
      {status?.trim() ? recordStatusLabel(status.trim()) : i18n.t('na')}
    </Badge>
  );
}

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text size="xs" tt="uppercase" fw={700} c="gray.6" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Box fz="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

/** The expanded 'Service Details' panel of one record. */
export function RecordDetails({ record, onBack, compact = false }: { record: ServiceRecordRow; onBack: () => void; compact?: boolean }) {
  const notes = record.notes?.trim();
  const { t } = useTranslation('serviceRecords');
  return (
    <Paper
      withBorder
      p={compact ? 'sm' : 'md'}
      bg="gray.0"
      role="region"
      aria-label={t('details.title')}
      id={`service-details-${record.id}`}
      data-testid="service-details"
    >
      <Title order={3} fz="md">
        {t('details.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md" style={{ overflowWrap: 'anywhere' }}>
        {record.title}
      </Text>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
        <Field label={t('details.machine')}>
          <Anchor component={Link} to={`/machines/${record.machineId}`} fw={600} size="sm">
            {machineLabel(record)}
          </Anchor>
        </Field>
        <Field label={t('details.date')}>{formatDate(record.serviceDate)}</Field>
        <Field label={t('details.type')}>
          <ServiceTypeBadge type={record.serviceType} />
        </Field>
        <Field label={t('details.shop')}>{orNA(record.serviceShop)}</Field>
        <Field label={t('details.price')}>{formatPrice(record.price)}</Field>
        <Field label={t('details.status')}>
          <ServiceStatusBadge status={record.status} />
        </Field>
        <Field label={t('details.created')}>{formatDateTime(record.dateCreated)}</Field>
        <Field label={t('details.notes')} wide>
          {notes ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {record.notes}
            </Text>
          ) : (
            <Text size="sm" c="dimmed" fs="italic">
              {t('details.noNotes')}
            </Text>
          )}
        </Field>
      </SimpleGrid>
      <Group justify="flex-end" gap="sm" mt="md" grow={compact}>
        <Button variant="default" onClick={onBack} leftSection={compact ? null : <IconChevronLeft size={16} />}>
          {t('details.back')}
        </Button>
        <Button component={Link} to={`/service-record/${record.id}`} rightSection={compact ? null : <IconExternalLink size={16} />}>
          {t('details.fullDetails')}
        </Button>
      </Group>
    </Paper>
  );
}

interface ListProps {
  records: ServiceRecordRow[];
  expandedId: number | null;
  onToggle: (id: number) => void;
  busy: boolean;
}

const FIELDS: ServiceSortField[] = ['machineName', 'title', 'serviceDate', 'serviceType', 'status'];
const columns = (t: TFunction<'serviceRecords'>) => FIELDS.map((field) => ({ field, label: t(`columns.${field}`) }));

/** Wide screens: a table with sortable headers; a row click expands the details under it. */
export function RecordTable({ records, expandedId, onToggle, busy, sort, onSort }: ListProps & { sort: RecordSort; onSort: (f: ServiceSortField) => void }) {
  const { t } = useTranslation('serviceRecords');
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-busy={busy} style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <Table.Thead>
          <Table.Tr>
            {columns(t).map((c) => (
              <SortableTh key={c.field} field={c.field} sort={sort} onSort={onSort}>
                {c.label}
              </SortableTh>
            ))}
            <Table.Th style={{ textAlign: 'right' }}>
              <Text fw={700} size="sm" c="gray.7">
                {t('columns.price')}
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r) => {
            const open = expandedId === r.id;
            return (
              <Fragment key={r.id}>
                {/* The whole row takes the click; the machine cell is the button keyboards and screen
                    readers use (a table row cannot carry aria-expanded). Its click bubbles to the row. */}
                <Table.Tr data-testid="service-row" onClick={() => onToggle(r.id)} bg={open ? 'brand.0' : undefined} style={{ cursor: 'pointer' }}>
                  <Table.Td>
                    <UnstyledButton aria-expanded={open} aria-controls={open ? `service-details-${r.id}` : undefined} fz="sm" fw={600}>
                      {machineLabel(r)}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" title={r.title} style={{ whiteSpace: 'nowrap' }}>
                      {truncateTitle(r.title)}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDate(r.serviceDate)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <ServiceTypeBadge type={r.serviceType} />
                  </Table.Td>
                  <Table.Td>
                    <ServiceStatusBadge status={r.status} />
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatPrice(r.price)}</Text>
                  </Table.Td>
                </Table.Tr>
                {open && (
                  <Table.Tr>
                    <Table.Td colSpan={FIELDS.length + 1} p="sm">
                      <RecordDetails record={r} onBack={() => onToggle(r.id)} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Small screens: one card per record; tapping the card expands its details inside it. */
export function RecordCards({ records, expandedId, onToggle, busy }: ListProps) {
  return (
    <Stack gap="sm" aria-busy={busy} style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}>
      {records.map((r) => {
        const open = expandedId === r.id;
        return (
          <Card key={r.id} padding="sm" withBorder data-testid="service-card" bg={open ? 'brand.0' : undefined}>
            <UnstyledButton
              onClick={() => onToggle(r.id)}
              aria-expanded={open}
              aria-controls={open ? `service-details-${r.id}` : undefined}
              style={{ width: '100%' }}
              data-testid="service-row"
            >
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Box style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={700} c="brand.8" title={r.title} style={{ overflowWrap: 'anywhere' }}>
                    {truncateTitle(r.title)}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {machineLabel(r)}
                  </Text>
                </Box>
                <ServiceStatusBadge status={r.status} />
              </Group>
              <Group justify="space-between" wrap="nowrap" gap="xs" mt={6}>
                <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(r.serviceDate)}
                  </Text>
                  <ServiceTypeBadge type={r.serviceType} />
                </Group>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatPrice(r.price)}
                  </Text>
                  <IconChevronDown
                    size={16}
                    color="var(--mantine-color-gray-5)"
                    style={{ transform: open ? 'rotate(180deg)' : undefined, flexShrink: 0 }}
                    aria-hidden
                  />
                </Group>
              </Group>
            </UnstyledButton>
            {open && (
              <Box mt="sm">
                <RecordDetails record={r} onBack={() => onToggle(r.id)} compact />
              </Box>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}

/** Sort controls above the cards: the active field flips direction, a new one starts ascending. */
export function RecordSortBar({ sort, onSort }: { sort: RecordSort; onSort: (f: ServiceSortField) => void }) {
  const { t } = useTranslation('serviceRecords');
  return <SortBar sort={sort} onSort={onSort} fields={columns(t)} label={t('sortLabel')} mb="sm" />;
}

/** 'Page X of Y', Previous and Next (disabled at the ends) and 'Items per page'. */
export function RecordPager({
  page,
  totalPages,
  size,
  total,
  onPage,
  onSize,
}: {
  page: number;
  totalPages: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}) {
  const { t } = useTranslation('serviceRecords');
  return (
    <Pager
      page={page}
      totalPages={totalPages}
      onPage={onPage}
      testId="service-pager"
      pageSize={{ id: 'service-page-size', value: size, options: PAGE_SIZES, onChange: onSize, note: t('records', { count: total }) }}
    />
  );
}
