import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { useUnreadCount } from './api';
import { bellLabel, unreadBadge } from './bell';

/**
 * The header's bell: the unread count (re-read every minute and on focus) on a link to the
 * notifications page. A link rather than a pop-over keeps the header light on the first load.
 */
export function NotificationBell() {
  const unread = useUnreadCount();
  const { pathname } = useLocation();
  const badge = unreadBadge(unread.data);
  return (
    <Indicator label={badge} disabled={!badge} size={18} offset={6} color="red" withBorder inline>
      <ActionIcon
        component={Link}
        to="/notifications"
        variant={pathname === '/notifications' ? 'light' : 'subtle'}
        color={pathname === '/notifications' ? 'brand' : 'gray'}
        size="lg"
        aria-label={bellLabel(unread.data)}
        aria-current={pathname === '/notifications' ? 'page' : undefined}
      >
        <IconBell size={20} stroke={1.7} />
      </ActionIcon>
    </Indicator>
  );
}
