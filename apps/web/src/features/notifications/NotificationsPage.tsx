import { Anchor, Badge, Box, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { NOTIFICATION_KINDS, NotificationLimits, type NotificationKind } from '@wrenchlog/contracts/limits';
import { useApi } from '../../core/context';
import { Page, PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { pageLabel } from '../../lib/paging';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { notificationApi, notificationKeys, useMarkRead, useUnreadCount, type AppNotification } from './api';
import { notificationTarget } from './notification-logic';
import classes from './notifications.module.css';
import './i18n';

const isKnownKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);
/** The server may know a kind this build does not yet (a newer release): shown as the kind made readable. */
const readableKind = (kind: string): string => kind.replace(/[._]/g, ' ');

function NotificationItem({ item, onOpen }: { item: AppNotification; onOpen: (item: AppNotification) => void }) {
  const { t } = useTranslation('notifications');
  // A short label for each kind notification-service gives (NOTIFICATION_KINDS), else the kind itself made readable.
  const kind: string = item.kind;
  const kindLabel = isKnownKind(kind) ? t(`kinds.${kind}`) : readableKind(kind);
  const target = notificationTarget(item.link, window.location.origin);
  const unread = !item.readAt;
  const body: ReactNode = (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={unread ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Text>
        <Group gap={6}>
          <Badge size="sm" variant="light" color="gray">
            {kindLabel}
          </Badge>
          <Text size="xs" c="dimmed" title={item.createdAt}>
            {formatDateTime(item.createdAt)}
          </Text>
        </Group>
      </Stack>
      {unread && (
        <Badge size="sm" color="red" variant="filled" style={{ flexShrink: 0 }}>
          {t('page.unreadBadge')}
        </Badge>
      )}
    </Group>
  );
  if (target.kind === 'none') {
    // Nothing to open: the item is a button that marks it read.
    return (
      <UnstyledButton
        className={classes.item}
        data-unread={unread || undefined}
        onClick={() => onOpen(item)}
        disabled={!unread}
        aria-label={unread ? t('page.markRead', { title: item.title }) : item.title}
      >
        {body}
      </UnstyledButton>
    );
  }
  if (target.kind === 'external') {
    return (
      <Anchor
        href={target.href}
        target="_blank"
        rel="noopener noreferrer"
        underline="never"
        c="inherit"
        className={classes.item}
        data-unread={unread || undefined}
        onClick={() => onOpen(item)}
      >
        {body}
      </Anchor>
    );
  }
  return (
    <Anchor
      component={Link}
      to={target.to}
      underline="never"
      c="inherit"
      className={classes.item}
      data-unread={unread || undefined}
      onClick={(e) => {
        e.preventDefault();
        onOpen(item);
      }}
    >
      {body}
    </Anchor>
  );
}

/** Every notification of the user, newest first and paged; opening one marks it read. */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const api = useApi();
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: notificationKeys.page(page),
    queryFn: () => notificationApi.page(api, page, NotificationLimits.pageSize),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const unread = useUnreadCount();
  const markRead = useMarkRead();

  function open(item: AppNotification) {
    if (!item.readAt) {
      markRead.mutate([item.id]);
    }
    const target = notificationTarget(item.link, window.location.origin);
    if (target.kind === 'route') {
      void navigate(target.to);
    }
  }

  const data = list.data;
  let content: ReactNode;
  if (list.isPending) {
    content = <LoadingState text={t('page.loading')} />;
  } else if (list.isError) {
    content = <ErrorState text={t('page.loadFailed')} onRetry={() => void list.refetch()} />;
  } else if (!data || data.content.length === 0) {
    content = <EmptyBlock icon={<IconBellOff size={28} />} title={t('page.emptyTitle')} description={t('page.emptyText')} />;
  } else {
    content = (
      <>
        <Stack gap={0} component="ul" className={classes.list} aria-label={t('page.list')}>
          {data.content.map((item) => (
            <Box component="li" key={item.id}>
              <NotificationItem item={item} onOpen={open} />
            </Box>
          ))}
        </Stack>
        <Pager page={page} totalPages={data.totalPages} label={(s) => t('page.inAll', { label: pageLabel(s), count: data.totalElements })} onPage={setPage} />
      </>
    );
  }

  return (
    <Page>
      <PageHeader
        title={t('page.title')}
        description={unread.data ? t('page.unread', { count: unread.data }) : t('page.caughtUp')}
        actions={
          <Button
            variant="light"
            leftSection={<IconChecks size={16} />}
            onClick={() => markRead.mutate(undefined)}
            loading={markRead.isPending && markRead.variables === undefined}
            disabled={!unread.data}
          >
            {t('page.markAll')}
          </Button>
        }
      />
      {markRead.isError && <ErrorState text={t('page.markFailed')} />}
      <Card padding="sm">{content}</Card>
      <Text size="sm" c="dimmed" mt="md">
        {t('page.settingsBefore')}{' '}
        <Anchor component={Link} to="/settings" underline="always">
          {t('page.settingsLink')}
        </Anchor>
        .
      </Text>
    </Page>
  );
}
