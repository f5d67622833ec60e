import { Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailForward, IconSend, IconX } from '@tabler/icons-react';
import type { AccountRole } from '@wrenchlog/contracts/limits';
import { useState } from 'react';
import { useConfirm } from '../../components/confirm';
import { ErrorState, LoadingState } from '../../components/states';
import { serverFieldErrors, unplacedMessages } from '../../core/forms/server-errors';
import { formatDate } from '../../lib/format';
import { useInvitations, useMemberWrites, type Invitation } from './accounts-api';
import { ROLE_LABELS, emailError, hasAssignment, refusal } from './account-logic';
import { MachineAssignment } from './MachineAssignment';
import { roleOptions } from './MemberDialog';
import { useTranslation } from 'react-i18next';
import './i18n';

type Writes = ReturnType<typeof useMemberWrites>;

const INVITE_FIELDS = ['email', 'role', 'machineIds'];

function InviteForm({ myRole, writes }: { myRole: AccountRole; writes: Writes }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AccountRole>('mechanic');
  const [machineIds, setMachineIds] = useState<number[] | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const { t } = useTranslation('accounts');
  return (
    <form
      aria-label={t('invite.formLabel')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const invalid = emailError(email);
        setFields(invalid ? { email: invalid } : {});
        if (invalid || writes.invite.isPending) {
          return;
        }
        setOutcome(null);
        const sent = email.trim();
        writes.invite.mutate(
          { email: sent, role, ...(hasAssignment(role) ? { machineIds } : {}) },
          {
            onSuccess: () => {
              setOutcome({ ok: true, text: t('invite.sent', { email: sent }) });
              setEmail('');
            },
            onError: (err) => {
              // Field messages under their inputs (an existing member, an unknown role); any other above the button.
              const byField = serverFieldErrors(err);
              setFields(byField);
              const rest = unplacedMessages(byField, INVITE_FIELDS);
              const allPlaced = Object.keys(byField).length > 0 && rest.length === 0;
              setOutcome(allPlaced ? null : { ok: false, text: rest[0] ?? refusal(err, t('invite.failed')) });
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('invite.email')}
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder={t('invite.emailPlaceholder')}
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fields.email}
            style={{ flex: '1 1 220px' }}
          />
          <Select
            label={t('invite.role')}
            data={roleOptions(myRole)}
            value={role}
            onChange={(v) => v && setRole(v as AccountRole)}
            allowDeselect={false}
            error={fields.role}
            style={{ flex: '1 1 220px' }}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        {hasAssignment(role) && <MachineAssignment value={machineIds} onChange={setMachineIds} error={fields.machineIds} />}
        {outcome && (
          <Text role={outcome.ok ? 'status' : 'alert'} c={outcome.ok ? 'green.8' : 'red'} size="sm">
            {outcome.text}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} />} loading={writes.invite.isPending}>
            {t('invite.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function InvitationRow({ invitation, writes }: { invitation: Invitation; writes: Writes }) {
  const { confirm, dialog } = useConfirm();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const busy = writes.resend.isPending || writes.cancel.isPending;
  const { t } = useTranslation('accounts');
  return (
    <Card withBorder padding="sm" component="li" aria-label={t('invite.rowLabel', { email: invitation.email })}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {invitation.email}
            </Text>
            <Badge variant="light" size="sm">
              {ROLE_LABELS[invitation.role] ?? invitation.role}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t('invite.expires', { date: formatDate(invitation.expiresAt) })}
          </Text>
          {note && (
            <Text size="xs" role={note.ok ? 'status' : 'alert'} c={note.ok ? 'green.8' : 'red'}>
              {note.text}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMailForward size={14} />}
            disabled={busy}
            onClick={() =>
              writes.resend.mutate(invitation, {
                onSuccess: () => setNote({ ok: true, text: t('invite.sentAgain') }),
                onError: (err) => setNote({ ok: false, text: refusal(err, t('invite.resendFailed')) }),
              })
            }
          >
            {t('invite.resend')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconX size={14} />}
            disabled={busy}
            onClick={() =>
              void confirm(t('invite.cancelConfirm', { email: invitation.email }), t('invite.cancelInvitation')).then((ok) => {
                if (ok) {
                  writes.cancel.mutate(invitation.id, { onError: (err) => setNote({ ok: false, text: refusal(err, t('invite.cancelFailed')) }) });
                }
              })
            }
          >
            {t('invite.cancel')}
          </Button>
        </Group>
      </Group>
      {dialog}
    </Card>
  );
}

/** Invite by email with a role (and machines), and the invitations not yet accepted. */
export function InviteSection({ accountId, myRole }: { accountId: number; myRole: AccountRole }) {
  const writes = useMemberWrites(accountId);
  const invitations = useInvitations(accountId);
  const { t } = useTranslation('accounts');
  return (
    <Card component="section" aria-label={t('invite.section')}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('invite.title')}
        </Title>
        <InviteForm myRole={myRole} writes={writes} />
        <Title order={3} fz="md">
          {t('invite.pending')}
        </Title>
        {invitations.isPending ? (
          <LoadingState text={t('invite.loading')} />
        ) : invitations.isError ? (
          <ErrorState text={t('invite.loadFailed')} onRetry={() => void invitations.refetch()} />
        ) : invitations.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('invite.empty')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {invitations.data.map((inv) => (
              <InvitationRow key={inv.id} invitation={inv} writes={writes} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
