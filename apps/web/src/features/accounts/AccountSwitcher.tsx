import { Badge, Group, Indicator, Menu, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconBuildingWarehouse, IconCheck, IconChevronDown, IconMailOpened, IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../../core/context';
import { FormDialog } from '../../core/forms/FormDialog';
import {
  useAcceptMyInvitation,
  useAccounts,
  useCreateAccount,
  useMyInvitations,
  useSwitchAccount,
  NEUTRAL_PAGE,
  type AccountSummary,
  type MyInvitation,
} from './accounts-api';
import { ACCOUNT_NAME_MAX, ROLE_LABELS, accountNameError, refusal, roleInSentence } from './account-logic';
import { useTranslation } from 'react-i18next';
import './i18n';
import type { AccountRole } from '@wrenchlog/contracts/limits';

/**
 * Runs `work` once the neutral page is on screen. The router's navigation is a transition, so a
 * page whose code is still loading keeps the old screen (a machine of the account being left) up,
 * its queries live; switching only then means they never run again in the new account (a 404).
 */
function useLeaveThen(): (work: () => void) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pending = useRef<(() => void) | null>(null);
  const shown = useRef(pathname);
  useEffect(() => {
    shown.current = pathname;
    const work = pending.current;
    if (work && pathname === NEUTRAL_PAGE) {
      pending.current = null;
      work();
    }
  }, [pathname]);
  return useCallback(
    (work: () => void) => {
      if (shown.current === NEUTRAL_PAGE) {
        work();
        return;
      }
      pending.current = work;
      void navigate(NEUTRAL_PAGE);
    },
    [navigate],
  );
}

/** An invitation's role in its sentence; one the screens do not know, as the server sent it. */
function invitedRole(role: AccountRole): string {
  return role in ROLE_LABELS ? roleInSentence(role) : String(role).toLowerCase();
}

function NewAccountDialog({ onClose, leaveThen }: { onClose: () => void; leaveThen: (work: () => void) => void }) {
  const create = useCreateAccount();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { t } = useTranslation('accounts');
  return (
    <FormDialog
      title={t('newAccount.title')}
      formLabel={t('newAccount.title')}
      intro={<Text size="sm">{t('newAccount.intro')}</Text>}
      onClose={onClose}
      failure={failure}
      submitLabel={t('newAccount.submit')}
      busy={create.isPending}
      onSubmit={(e) => {
        e.preventDefault();
        const invalid = accountNameError(name);
        setError(invalid);
        if (invalid || create.isPending) {
          return;
        }
        setFailure(null);
        const trimmed = name.trim();
        leaveThen(() =>
          create.mutate(trimmed, {
            onSuccess: () => onClose(),
            onError: (err) => setFailure(refusal(err, t('newAccount.failed'))),
          }),
        );
      }}
    >
      <TextInput
        label={t('newAccount.name')}
        required
        data-autofocus
        maxLength={ACCOUNT_NAME_MAX + 1}
        value={name}
        error={error}
        onChange={(e) => setName(e.currentTarget.value)}
      />
    </FormDialog>
  );
}

/**
 * The header's account switcher (issue 32): the account the user works in, the others they belong
 * to, the invitations waiting for them (joined in one click), and "New account". Switching opens the
 * dashboard first, then drops every cached answer of the account left (useAdoptSession, useAccountFollow).
 */
export default function AccountSwitcher({ compact }: { compact?: boolean }) {
  const { user } = useSession();
  const accounts = useAccounts();
  const switchAccount = useSwitchAccount();
  const invitations = useMyInvitations();
  const acceptInvitation = useAcceptMyInvitation();
  const waiting = invitations.data ?? [];
  const busy = switchAccount.isPending || acceptInvitation.isPending;
  const leaveThen = useLeaveThen();
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const { t } = useTranslation('accounts');
  const list = accounts.data ?? [];
  const current: AccountSummary | undefined = list.find((a) => a.current) ?? list.find((a) => a.id === user?.accountId);
  const label = current?.name ?? (accounts.isPending ? t('switcher.account') : t('switcher.accounts'));

  const choose = (account: AccountSummary) => {
    if (account.id === current?.id || busy) {
      return;
    }
    setFailure(null);
    // To the dashboard first: the screen open now belongs to the account being left, and its
    // queries must not run again in the new one (another account's record answers 404 there).
    leaveThen(() =>
      switchAccount.mutate(account.id, {
        // The menu opens again to say why, beside the accounts to try again.
        onError: (err) => {
          setFailure(refusal(err, t('switcher.switchFailed', { account: account.name })));
          setOpened(true);
        },
      }),
    );
  };

  const join = (invitation: MyInvitation) => {
    if (busy) {
      return;
    }
    setFailure(null);
    leaveThen(() =>
      acceptInvitation.mutate(invitation.id, {
        onError: (err) => {
          setFailure(refusal(err, t('switcher.joinFailed', { account: invitation.accountName })));
          setOpened(true);
        },
      }),
    );
  };

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={280} withinPortal opened={opened} onChange={setOpened}>
        <Menu.Target>
          <UnstyledButton
            aria-label={waiting.length ? t('switcher.labelWaiting', { label, count: waiting.length }) : t('switcher.label', { label })}
            data-testid="account-switcher"
            px={compact ? 6 : 10}
            py={6}
            style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)', maxWidth: compact ? 120 : 220 }}
          >
            <Group gap={6} wrap="nowrap">
              <Indicator disabled={waiting.length === 0} size={8} color="orange" offset={2}>
                <IconBuildingWarehouse size={18} stroke={1.7} style={{ flex: 'none', display: 'block' }} />
              </Indicator>
              <Text size="sm" fw={600} truncate>
                {busy ? t('switcher.switching') : label}
              </Text>
              <IconChevronDown size={14} style={{ flex: 'none' }} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('switcher.yours')}</Menu.Label>
          {failure && (
            <Text role="alert" size="sm" c="red" px="sm" pb="xs">
              {failure}
            </Text>
          )}
          {accounts.isError && (
            <Menu.Item disabled>
              <Text size="sm" c="red">
                {t('switcher.loadFailed')}
              </Text>
            </Menu.Item>
          )}
          {accounts.isPending && <Menu.Item disabled>{t('switcher.loading')}</Menu.Item>}
          {list.map((account) => {
            const isCurrent = account.id === current?.id;
            return (
              <Menu.Item
                key={account.id}
                onClick={() => choose(account)}
                aria-current={isCurrent ? 'true' : undefined}
                leftSection={isCurrent ? <IconCheck size={16} /> : <span style={{ display: 'inline-block', width: 16 }} />}
                rightSection={
                  <Badge size="xs" variant="light" color="gray">
                    {ROLE_LABELS[account.role] ?? account.role}
                  </Badge>
                }
              >
                <Text size="sm" fw={isCurrent ? 700 : 500} truncate>
                  {account.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('switcher.sizes', {
                    machines: t('machines.count', { count: account.machineCount }),
                    members: t('switcher.members', { count: account.memberCount }),
                  })}
                </Text>
              </Menu.Item>
            );
          })}
          {waiting.length > 0 && (
            <>
              <Menu.Divider />
              <Menu.Label>{t('switcher.invitations')}</Menu.Label>
              {waiting.map((invitation) => (
                <Menu.Item key={invitation.id} leftSection={<IconMailOpened size={16} />} onClick={() => join(invitation)}>
                  <Text size="sm" fw={500} truncate>
                    {t('switcher.join', { account: invitation.accountName })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {invitation.inviter
                      ? t('switcher.invitedBy', { inviter: invitation.inviter, role: invitedRole(invitation.role) })
                      : t('switcher.invited', { role: invitedRole(invitation.role) })}
                  </Text>
                </Menu.Item>
              ))}
            </>
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('switcher.newAccount')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {creating && <NewAccountDialog onClose={() => setCreating(false)} leaveThen={leaveThen} />}
    </>
  );
}
