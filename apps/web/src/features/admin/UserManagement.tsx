import { Alert, Badge, Button, Group, Modal, Paper, NativeSelect, PasswordInput, Stack, Table, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconPencil, IconUserExclamation } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PLACEHOLDER_PASSWORD_MESSAGE, SETUP_LINK_TTL_HOURS } from '@wrenchlog/contracts/limits';
import { useApi } from '../../core/context';
import { DESKTOP_QUERY } from '../../core/theme';
import { ApiError } from '../../api/client';
import { ErrorState, LoadingState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { adminApi, adminKeys, useApproveUser, useUpdateUser, type AdminUserEdit, type AdminUserView } from './admin-api';
import { adminMessage, approvalBlocked, enabledLabel, isPendingSignup, userPageCount } from './admin-logic';
import { Pager } from '../../components/Pager';
import { useReturnFocus } from '../../components/useReturnFocus';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../core/i18n/i18n';
import './i18n';

export type Notice = { ok: boolean; title: string; detail?: string } | null;

/** The server's words when they add to our alert (its validation or conflict message), else nothing. */
function serverDetail(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status >= 500) {
    return undefined;
  }
  const fields = err.body?.errors?.map((e) => e.message).join(' ');
  return fields || err.body?.message || undefined;
}

export function NoticeAlert({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const { t } = useTranslation('admin');
  if (!notice) {
    return null;
  }
  return (
    <Alert
      color={notice.ok ? 'green' : 'red'}
      variant="light"
      role="alert"
      title={notice.title}
      withCloseButton
      closeButtonLabel={t('users.dismiss')}
      onClose={onClose}
      mb="md"
    >
      {notice.detail}
    </Alert>
  );
}

/** Approves a user unless the placeholder rule refuses the typed password first; answers the alert to show. */
async function approve(run: () => Promise<unknown>, user: AdminUserView, password: string): Promise<Notice> {
  if (approvalBlocked(password)) {
    return { ok: false, title: PLACEHOLDER_PASSWORD_MESSAGE };
  }
  try {
    await run();
    return {
      ok: true,
      title: adminMessage('approved'),
      detail: i18n.t('users.setupLink', { ns: 'admin', username: user.username, hours: SETUP_LINK_TTL_HOURS }),
    };
  } catch (err) {
    // The server applies the same rule (409 with the same words).
    if (err instanceof ApiError && err.body?.message === PLACEHOLDER_PASSWORD_MESSAGE) {
      return { ok: false, title: PLACEHOLDER_PASSWORD_MESSAGE };
    }
    return { ok: false, title: adminMessage('approveFailed'), detail: serverDetail(err) };
  }
}

/** Pending signups' orange, dark enough for text on white and white on it (5.9:1; Mantine's orange.8 is 3.6:1). */
const PENDING_ORANGE = '#b04000';

function StatusBadges({ user }: { user: AdminUserView }) {
  const { t } = useTranslation('admin');
  return (
    <Group gap={4} wrap="wrap">
      <Badge color={user.enabled === 1 ? 'green' : 'gray'} variant="light">
        {enabledLabel(user.enabled)}
      </Badge>
      {isPendingSignup(user) && (
        <Badge color={PENDING_ORANGE} variant="filled" leftSection={<IconUserExclamation size={12} />} style={{ overflow: 'visible' }} maw="none">
          {t('users.pendingSignup')}
        </Badge>
      )}
      {user.adminLevel > 0 && (
        <Badge color="grape" variant="light">
          {t('users.admin')}
        </Badge>
      )}
    </Group>
  );
}

/** One user as a card, for narrow screens where the table would scroll sideways. */
function UserCard({ user, approving, onEdit, onApprove }: { user: AdminUserView; approving: boolean; onEdit: () => void; onApprove: () => void }) {
  return (
    <Paper withBorder p="sm" component="article" aria-label={user.username} bg={isPendingSignup(user) ? 'var(--mantine-color-orange-light)' : undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={700}>
          {user.name}{' '}
          <Text span c="dimmed" size="sm" fw={400}>
            #{user.id}
          </Text>
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(user.createDate)}
        </Text>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {user.username}
      </Text>
      {user.userSelfDescription && (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {user.userSelfDescription}
        </Text>
      )}
      <Group justify="space-between" mt="xs" gap="xs">
        <StatusBadges user={user} />
        <UserActions user={user} approving={approving} onEdit={onEdit} onApprove={onApprove} />
      </Group>
    </Paper>
  );
}

function UserActions({ user, approving, onEdit, onApprove }: { user: AdminUserView; approving: boolean; onEdit: () => void; onApprove: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit} aria-label={t('users.editOne', { username: user.username })}>
        {t('users.edit')}
      </Button>
      {user.enabled === 0 && (
        <Button
          size="xs"
          color="green"
          variant="light"
          leftSection={<IconCheck size={14} />}
          loading={approving}
          onClick={onApprove}
          aria-label={t('users.approveOne', { username: user.username })}
        >
          {t('users.approve')}
        </Button>
      )}
    </Group>
  );
}

type EditValues = { name: string; description: string; enabled: '0' | '1'; password: string };

function editErrors(v: EditValues): Partial<Record<keyof EditValues, string>> {
  return {
    name: v.name.trim() ? undefined : i18n.t('users.nameRequired', { ns: 'admin' }),
    password:
      v.password && (v.password.length < MIN_PASSWORD_LENGTH || v.password.length > MAX_PASSWORD_LENGTH)
        ? i18n.t('users.passwordLength', { ns: 'admin', min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH })
        : undefined,
  };
}

function EditUserDialog({ user, onClose, onDone }: { user: AdminUserView; onClose: () => void; onDone: (notice: Notice) => void }) {
  useReturnFocus();
  const updateUser = useUpdateUser();
  const approveUser = useApproveUser();
  const initialValues: EditValues = { name: user.name, description: user.userSelfDescription ?? '', enabled: String(user.enabled) as '0' | '1', password: '' };
  // The messages show as soon as a value breaks a rule, from the start.
  const form = useForm<EditValues>({ initialValues, initialErrors: editErrors(initialValues), validate: editErrors, validateInputOnChange: true });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Notice>(null);
  const { name, description, password } = form.getValues();
  const enabled: 0 | 1 = form.getValues().enabled === '1' ? 1 : 0;
  const passwordError = form.errors.password;
  const invalid = !form.isValid();
  const { t } = useTranslation('admin');

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (invalid || busy) {
      return;
    }
    setBusy(true);
    setFailure(null);
    const edit: AdminUserEdit = { name: name.trim(), userSelfDescription: description, enabled, ...(password ? { password } : {}) };
    try {
      await updateUser.mutateAsync({ user, edit });
      onDone({ ok: true, title: adminMessage('updated') });
    } catch (err) {
      // The dialog stays open with what was typed.
      setFailure({ ok: false, title: adminMessage('updateFailed'), detail: serverDetail(err) });
      setBusy(false);
    }
  };

  const approveHere = async () => {
    if (busy || passwordError) {
      return;
    }
    setBusy(true);
    setFailure(null);
    const notice = await approve(
      () => approveUser.mutateAsync({ user: { ...user, name: name.trim() || user.name, userSelfDescription: description }, password }),
      user,
      password,
    );
    if (notice?.ok) {
      onDone(notice);
    } else {
      setFailure(notice);
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('users.editTitle')} centered size="lg" styles={{ title: { fontWeight: 700 } }}>
      <form onSubmit={(e) => void save(e)} aria-label={t('users.editTitle')} noValidate>
        <Stack gap="sm">
          <NoticeAlert notice={failure} onClose={() => setFailure(null)} />
          <Group grow>
            <TextInput label={t('users.id')} value={String(user.id)} readOnly variant="filled" />
            <TextInput label={t('users.created')} value={formatDateTime(user.createDate)} readOnly variant="filled" />
          </Group>
          <TextInput label={t('users.username')} value={user.username} readOnly variant="filled" description={t('users.usernameFixed')} />
          <TextInput label={t('users.name')} {...form.getInputProps('name')} required />
          <Textarea label={t('users.description')} {...form.getInputProps('description')} autosize minRows={2} maxRows={6} />
          <NativeSelect
            label={t('users.status')}
            {...form.getInputProps('enabled')}
            data={[
              { value: '1', label: t('users.enabled') },
              { value: '0', label: t('users.disabled') },
            ]}
          />
          <PasswordInput
            label={t('users.newPassword')}
            {...form.getInputProps('password')}
            autoComplete="new-password"
            description={user.passwordIsPlaceholder ? t('users.passwordHintPlaceholder') : t('users.passwordHint')}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('users.cancel')}
            </Button>
            {user.enabled === 0 && (
              <Button variant="light" color="green" onClick={() => void approveHere()} disabled={busy || Boolean(passwordError)}>
                {t('users.approve')}
              </Button>
            )}
            <Button type="submit" disabled={invalid} loading={busy}>
              {t('users.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function UserManagement() {
  const api = useApi();
  const approveUser = useApproveUser();
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<AdminUserView | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [approving, setApproving] = useState<number | null>(null);
  const users = useQuery({ queryKey: adminKeys.users(page), queryFn: () => adminApi.users(api, page), placeholderData: keepPreviousData });
  const rows = users.data ?? [];
  const { t } = useTranslation('admin');

  const done = (n: Notice) => {
    setEditing(null);
    setNotice(n);
  };
  const approveRow = async (user: AdminUserView) => {
    setApproving(user.id);
    const n = await approve(() => approveUser.mutateAsync({ user }), user, '');
    setApproving(null);
    setNotice(n);
  };

  if (users.isPending) {
    return <LoadingState text={t('users.loading')} />;
  }
  if (users.isError && !users.data) {
    return <ErrorState text={adminMessage('loadUsers')} onRetry={() => void users.refetch()} />;
  }
  const pending = rows.filter(isPendingSignup).length;
  return (
    <div>
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
      {pending > 0 && (
        <Text size="sm" c={PENDING_ORANGE} fw={600} mb="xs">
          {t('users.pending', { count: pending })}
        </Text>
      )}
      {rows.length === 0 ? (
        <Text c="dimmed" py="md">
          {page === 0 ? t('users.empty') : t('users.noMore')}
        </Text>
      ) : !desktop ? (
        <Stack gap="sm">
          {rows.map((u) => (
            <UserCard key={u.id} user={u} approving={approving === u.id} onEdit={() => setEditing(u)} onApprove={() => void approveRow(u)} />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover aria-label={t('users.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.id')}</Table.Th>
                <Table.Th>{t('users.name')}</Table.Th>
                <Table.Th>{t('users.username')}</Table.Th>
                <Table.Th>{t('users.created')}</Table.Th>
                <Table.Th>{t('users.status')}</Table.Th>
                <Table.Th>{t('users.description')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('users.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((u) => (
                <Table.Tr key={u.id} bg={isPendingSignup(u) ? 'var(--mantine-color-orange-light)' : undefined} data-pending={isPendingSignup(u) || undefined}>
                  <Table.Td>{u.id}</Table.Td>
                  <Table.Td fw={600}>{u.name}</Table.Td>
                  <Table.Td miw={200} style={{ overflowWrap: 'anywhere' }}>
                    {u.username}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(u.createDate)}</Table.Td>
                  <Table.Td miw={170}>
                    <StatusBadges user={u} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2} maw={200}>
                      {u.userSelfDescription || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <UserActions user={u} approving={approving === u.id} onEdit={() => setEditing(u)} onApprove={() => void approveRow(u)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={page} totalPages={userPageCount(page, rows.length)} label={(s) => t('users.page', { number: s.number })} onPage={setPage} />
      {editing && <EditUserDialog key={editing.id} user={editing} onClose={() => setEditing(null)} onDone={done} />}
    </div>
  );
}
