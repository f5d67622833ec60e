import { Anchor, Badge, Box, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { NotificationLimits } from '@wrenchlog/contracts/limits';
import { useApi } from '../../core/context';
import { Page, PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { pageLabel } from '../../lib/paging';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { notificationApi, notificationKeys, useMarkRead, useUnreadCount, type AppNotification } from './api';
import { notificationTarget } from './notification-logic';
import classes from './notifications.module.css';

// The kinds notification-service gives (libs/contracts NOTIFICATION_KINDS on the notify branch).
const KIND_LABELS: Record<string, string> = {
  schedule_due_soon: 'Due soon',
  schedule_overdue: 'Overdue',
  schedule_completed: 'Completed',
  low_stock: 'Low stock',
  weekly_report: 'Weekly report',
};

/** A short label for a kind the app knows, else the kind itself made readable. */
function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind.replace(/[._]/g, ' ');
}

function NotificationItem({ item, onOpen }: { item: AppNotification; onOpen: (item: AppNotification) => void }) {
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
            {kindLabel(item.kind)}
          </Badge>
          <Text size="xs" c="dimmed" title={item.createdAt}>
            {formatDateTime(item.createdAt)}
          </Text>
        </Group>
      </Stack>
      {unread && (
        <Badge size="sm" color="red" variant="filled" style={{ flexShrink: 0 }}>
          Unread
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
        aria-label={unread ? `${item.title}: mark read` : item.title}
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
    content = <LoadingState text="Loading notifications..." />;
  } else if (list.isError) {
    content = <ErrorState text="Could not load notifications." onRetry={() => void list.refetch()} />;
  } else if (!data || data.content.length === 0) {
    content = (
      <EmptyBlock
        icon={<IconBellOff size={28} />}
        title="No notifications yet"
        description="Reminders of due and overdue maintenance, low stock alerts and weekly reports appear here."
      />
    );
  } else {
    content = (
      <>
        <Stack gap={0} component="ul" className={classes.list} aria-label="Notifications">
          {data.content.map((item) => (
            <Box component="li" key={item.id}>
              <NotificationItem item={item} onOpen={open} />
            </Box>
          ))}
        </Stack>
        <Pager page={page} totalPages={data.totalPages} label={(s) => `${pageLabel(s)} (${data.totalElements} in all)`} onPage={setPage} />
      </>
    );
  }

  return (
    <Page>
      <PageHeader
        title="Notifications"
        description={unread.data ? `${unread.data} unread` : 'All caught up'}
        actions={
          <Button
            variant="light"
            leftSection={<IconChecks size={16} />}
            onClick={() => markRead.mutate(undefined)}
            loading={markRead.isPending && markRead.variables === undefined}
            disabled={!unread.data}
          >
            Mark all read
          </Button>
        }
      />
      {markRead.isError && <ErrorState text="Could not mark as read." />}
      <Card padding="sm">{content}</Card>
      <Text size="sm" c="dimmed" mt="md">
        Choose what reaches you, and where, in{' '}
        <Anchor component={Link} to="/settings" underline="always">
          Settings
        </Anchor>
        .
      </Text>
    </Page>
  );
}
