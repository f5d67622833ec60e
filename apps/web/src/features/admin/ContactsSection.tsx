import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContactSubmissionView } from '@wrenchlog/contracts';
import { useApi } from '../../core/context';
import { ErrorState, LoadingState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { adminApi, adminKeys } from './admin-api';
import { Pager } from '../../components/Pager';
import { pageLabel } from '../../lib/paging';
import { useTranslation } from 'react-i18next';
import './i18n';
import type { TFunction } from 'i18next';

/** Which form a submission came from, in the words of the public pages. */
function kindOf(c: ContactSubmissionView, t: TFunction<'admin'>): { label: string; color: string } {
  if (c.contactType === 'PlatinumAccount') {
    return { label: t('contacts.platinum'), color: 'grape' };
  }
  return c.source === 'sales-contacts' ? { label: t('contacts.salesForm'), color: 'teal' } : { label: t('contacts.contactSales'), color: 'blue' };
}

function Submission({ c }: { c: ContactSubmissionView }) {
  const { t } = useTranslation('admin');
  const kind = kindOf(c, t);
  return (
    <Paper withBorder p="md" component="article" aria-label={t('contacts.from', { kind: kind.label, name: c.name })}>
      <Group justify="space-between" wrap="wrap" gap="xs" mb={6}>
        <Badge color={kind.color} variant="light">
          {kind.label}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDateTime(c.createDate)}
        </Text>
      </Group>
      <Text fw={700}>
        {c.name}
        {c.company ? (
          <Text span c="dimmed" fw={400}>
            {' '}
            · {c.company}
          </Text>
        ) : null}
      </Text>
      <Group gap="md" wrap="wrap">
        <Anchor href={`mailto:${c.email}`} size="sm" style={{ wordBreak: 'break-all' }}>
          {c.email}
        </Anchor>
        {c.phone && <Text size="sm">{c.phone}</Text>}
      </Group>
      <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={6}>
        {c.message}
      </Text>
    </Paper>
  );
}

/** Contact Sales, Platinum and sales-contact submissions, newest first. */
export function ContactsSection() {
  const api = useApi();
  const [page, setPage] = useState(0);
  const { t } = useTranslation('admin');
  const contacts = useQuery({ queryKey: adminKeys.contacts(page), queryFn: () => adminApi.contacts(api, page), placeholderData: keepPreviousData });
  if (contacts.isPending) {
    return <LoadingState text={t('contacts.loading')} />;
  }
  if (contacts.isError && !contacts.data) {
    return <ErrorState text={t('contacts.failed')} onRetry={() => void contacts.refetch()} />;
  }
  const { content, totalPages, totalElements } = contacts.data;
  if (totalElements === 0) {
    return <Text c="dimmed">{t('contacts.empty')}</Text>;
  }
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {content.map((c) => (
          <Submission key={`${c.source}-${c.id}`} c={c} />
        ))}
      </SimpleGrid>
      <Pager mt={0} page={page} totalPages={totalPages} label={(s) => t('contacts.pageCount', { page: pageLabel(s), total: totalElements })} onPage={setPage} />
    </Stack>
  );
}
