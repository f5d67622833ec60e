import { Alert, Badge, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Page, PageHeader } from '../../components/PageHeader';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { useSession } from '../../core/context';
import { useUnits } from '../../core/preferences';
import { ROLE_LABELS } from '../../core/rights';
import { useOpenInAccount } from '../accounts/open-in-account-api';
import { useMyWork, type MyWorkItem } from './work-api';
import { PRIORITY_COLORS, STATE_COLORS } from './work-logic';
import './i18n';

/**
 * My work (issue 35): every open order assigned to the signed-in person, in all their accounts, in
 * the server's order (overdue first, then priority, then planned date), each labelled with its
 * account. One call for the list. Opening an order of another account switches to it first.
 */
export default function MyWorkPage() {
  const { t } = useTranslation('work');
  const query = useMyWork();
  const { open, switchingTo, failedFor } = useOpenInAccount();
  const accountName = (account: MyWorkItem['account']) => account.name ?? t('myWork.unnamedAccount', { id: account.id });
  const nameOf = (accountId: number | undefined) => {
    const found = query.data?.content.find((o) => o.account.id === accountId);
    return found ? accountName(found.account) : '';
  };

  let body;
  if (query.isPending) {
    body = <LoadingState text={t('myWork.loading')} />;
  } else if (query.isError) {
    body = <ErrorState text={t('myWork.error')} onRetry={() => void query.refetch()} />;
  } else if (query.data.content.length === 0) {
    body = <EmptyBlock icon={<IconUserCheck size={28} />} title={t('myWork.empty')} description={t('myWork.emptyHint')} />;
  } else {
    const orders = query.data.content;
    const accounts = new Set(orders.map((o) => o.account.id)).size;
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('myWork.summary', { count: orders.length, accounts: t('myWork.accountCount', { count: accounts }) })}
        </Text>
        {failedFor !== undefined && (
          <Alert color="red" variant="light" role="alert">
            {t('myWork.switchFailed', { account: nameOf(failedFor) })}
          </Alert>
        )}
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('myWork.title')}>
          {orders.map((order) => (
            <li key={order.id}>
              <OrderRow
                order={order}
                accountName={accountName(order.account)}
                busy={switchingTo === order.account.id}
                disabled={switchingTo !== undefined}
                onOpen={() => open(order.account.id, `/work-orders/${order.id}`)}
              />
            </li>
          ))}
        </Stack>
        {query.data.truncated && (
          <Text size="sm" c="dimmed">
            {t('myWork.truncated', { count: orders.length })}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Page>
      <PageHeader title={t('myWork.title')} description={t('myWork.description')} />
      {body}
    </Page>
  );
}

interface OrderRowProps {
  order: MyWorkItem;
  accountName: string;
  busy: boolean;
  disabled: boolean;
  onOpen: () => void;
}

/** One order: a full-width button (a big touch target, Enter or Space by keyboard) that opens it. */
function OrderRow({ order, accountName, busy, disabled, onOpen }: OrderRowProps) {
  const { t } = useTranslation('work');
  const { user } = useSession();
  const units = useUnits();
  const elsewhere = order.account.id !== user?.accountId;
  const when = order.plannedDate ? t(order.overdue ? 'myWork.overdue' : 'myWork.planned', { date: units.date(order.plannedDate) }) : t('myWork.noDate');
  return (
    <UnstyledButton
      onClick={onOpen}
      disabled={disabled}
      aria-busy={busy || undefined}
      data-testid="my-work-order"
      data-account={order.account.id}
      w="100%"
      p="sm"
      style={{
        display: 'block',
        minHeight: 64,
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-default-border)',
        borderLeft: `4px solid var(--mantine-color-${order.overdue ? 'red' : PRIORITY_COLORS[order.priority]}-6)`,
        opacity: disabled && !busy ? 0.6 : 1,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Badge variant="outline" color="gray" radius="sm" tt="none" maw="100%">
              {accountName}
            </Badge>
            <Badge color={PRIORITY_COLORS[order.priority]} variant={order.priority === 'critical' ? 'filled' : 'light'} radius="sm" tt="none">
              {t(`myWork.priority.${order.priority}`)}
            </Badge>
            <Badge color={STATE_COLORS[order.state]} variant="light" radius="sm" tt="none">
              {t(`myWork.state.${order.state}`)}
            </Badge>
          </Group>
          <Text fw={600} lineClamp={2}>
            {order.title}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {order.machineName ?? t('myWork.unknownMachine', { id: order.machineId })}
            {' · '}
            {ROLE_LABELS[order.account.role]}
          </Text>
          <Group gap="sm" wrap="wrap">
            <Text size="sm" c={order.overdue ? 'red' : undefined} fw={order.overdue ? 600 : undefined}>
              {when}
            </Text>
            {order.totals && <Text size="sm">{t('myWork.total', { amount: units.amount(order.totals.total) })}</Text>}
          </Group>
          {elsewhere && (
            <Text size="xs" c="dimmed">
              {busy ? t('myWork.switching', { account: accountName }) : t('myWork.opensIn', { account: accountName })}
            </Text>
          )}
        </Stack>
        {busy ? <Loader size="sm" /> : <IconChevronRight size={20} style={{ flex: 'none' }} aria-hidden />}
      </Group>
    </UnstyledButton>
  );
}
