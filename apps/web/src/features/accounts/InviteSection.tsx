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

type Writes = ReturnType<typeof useMemberWrites>;

const INVITE_FIELDS = ['email', 'role', 'machineIds'];

function InviteForm({ myRole, writes }: { myRole: AccountRole; writes: Writes }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AccountRole>('mechanic');
  const [machineIds, setMachineIds] = useState<number[] | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <form
      aria-label="Invite a member"
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
              setOutcome({ ok: true, text: `Invitation sent to ${sent}. The link is valid for 7 days.` });
              setEmail('');
            },
            onError: (err) => {
              // Field messages under their inputs (an existing member, an unknown role); any other above the button.
              const byField = serverFieldErrors(err);
              setFields(byField);
              const rest = unplacedMessages(byField, INVITE_FIELDS);
              const allPlaced = Object.keys(byField).length > 0 && rest.length === 0;
              setOutcome(allPlaced ? null : { ok: false, text: rest[0] ?? refusal(err, 'Could not send the invitation. Try again.') });
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="name@example.com"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fields.email}
            style={{ flex: '1 1 220px' }}
          />
          <Select
            label="Role"
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
            Send invitation
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
  return (
    <Card withBorder padding="sm" component="li" aria-label={`Invitation for ${invitation.email}`}>
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
            Expires {formatDate(invitation.expiresAt)}
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
                onSuccess: () => setNote({ ok: true, text: 'Sent again' }),
                onError: (err) => setNote({ ok: false, text: refusal(err, 'Could not send it again. Try again.') }),
              })
            }
          >
            Resend
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconX size={14} />}
            disabled={busy}
            onClick={() =>
              void confirm(`Cancel the invitation for ${invitation.email}? Its link stops working.`, 'Cancel invitation').then((ok) => {
                if (ok) {
                  writes.cancel.mutate(invitation.id, { onError: (err) => setNote({ ok: false, text: refusal(err, 'Could not cancel it. Try again.') }) });
                }
              })
            }
          >
            Cancel
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
  return (
    <Card component="section" aria-label="Invitations">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Invite a member
        </Title>
        <InviteForm myRole={myRole} writes={writes} />
        <Title order={3} fz="md">
          Pending invitations
        </Title>
        {invitations.isPending ? (
          <LoadingState text="Loading invitations..." />
        ) : invitations.isError ? (
          <ErrorState text="Could not load the invitations." onRetry={() => void invitations.refetch()} />
        ) : invitations.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            No invitations waiting.
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
