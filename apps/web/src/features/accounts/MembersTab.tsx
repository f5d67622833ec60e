import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconUserMinus } from '@tabler/icons-react';
import type { AccountRole } from '@wrenchlog/contracts/limits';
import { useMemo, useState } from 'react';
import { useConfirm } from '../../components/confirm';
import { ErrorState, LoadingState } from '../../components/states';
import { useSession } from '../../core/context';
import { useMachines } from '../../core/forms/MachineSelect';
import { useRights } from '../../core/rights';
import { formatDate, formatDateTime } from '../../lib/format';
import { useMemberWrites, useMembers, type Member } from './accounts-api';
import { ROLE_LABELS, hasAssignment, machinesText, mayManage, refusal } from './account-logic';
import { InviteSection } from './InviteSection';
import { MemberDialog } from './MemberDialog';
import { useTranslation } from 'react-i18next';
import './i18n';

function MemberRow({
  member,
  me,
  myRole,
  machineNames,
  writes,
}: {
  member: Member;
  me: boolean;
  myRole: AccountRole;
  machineNames: Map<number, string>;
  writes: ReturnType<typeof useMemberWrites>;
}) {
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const manageable = mayManage(myRole, member.role);
  const who = member.name || member.email;
  const { t } = useTranslation('accounts');
  return (
    <Card withBorder padding="sm" component="li" aria-label={who}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600}>{who}</Text>
            {me && (
              <Badge size="xs" variant="outline" color="gray">
                {t('members.you')}
              </Badge>
            )}
            <Badge size="sm" variant="light">
              {ROLE_LABELS[member.role] ?? member.role}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Text>
          {hasAssignment(member.role) && <Text size="sm">{machinesText(member.machineIds, machineNames)}</Text>}
          <Text size="xs" c="dimmed">
            {t('members.joined', {
              date: formatDate(member.joinedAt),
              active: member.lastActiveAt ? formatDateTime(member.lastActiveAt) : t('members.never'),
            })}
          </Text>
          {failure && (
            <Text size="sm" c="red" role="alert">
              {failure}
            </Text>
          )}
        </Stack>
        {manageable && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} />}
              onClick={() => setEditing(true)}
              aria-label={t('members.changeOne', { name: who })}
            >
              {t('members.change')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconUserMinus size={14} />}
              aria-label={t('members.removeOne', { name: who })}
              loading={writes.remove.isPending && writes.remove.variables === member.userId}
              onClick={() =>
                void confirm(t('members.removeConfirm', { name: who }), t('members.remove')).then((ok) => {
                  if (ok) {
                    setFailure(null);
                    writes.remove.mutate(member.userId, { onError: (err) => setFailure(refusal(err, t('members.removeFailed'))) });
                  }
                })
              }
            >
              {t('members.remove')}
            </Button>
          </Group>
        )}
      </Group>
      {editing && (
        <MemberDialog
          member={member}
          myRole={myRole}
          onClose={() => setEditing(false)}
          onSave={(change) => writes.change.mutateAsync({ userId: member.userId, change })}
        />
      )}
      {dialog}
    </Card>
  );
}

/** Settings > Members (issue 32; owners and managers): the account's members, their roles and machines, and invitations. */
export default function MembersTab() {
  const { user } = useSession();
  const { role } = useRights();
  const accountId = user?.accountId;
  const members = useMembers(accountId);
  const machines = useMachines();
  const writes = useMemberWrites(accountId ?? 0);
  const { t } = useTranslation('accounts');
  const machineNames = useMemo(() => new Map((machines.data ?? []).map((m) => [m.id, m.name])), [machines.data]);
  if (accountId === undefined) {
    return <LoadingState text={t('members.loading')} />;
  }
  return (
    <Stack gap="lg">
      <Card component="section" aria-label={t('members.title')}>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('members.title')}
          </Title>
          {members.isPending ? (
            <LoadingState text={t('members.loading')} />
          ) : members.isError ? (
            <ErrorState text={t('members.loadFailed')} onRetry={() => void members.refetch()} />
          ) : members.data.length === 0 ? (
            <Text c="dimmed">{t('members.empty')}</Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {members.data.map((m) => (
                <MemberRow key={m.userId} member={m} me={m.userId === user?.id} myRole={role} machineNames={machineNames} writes={writes} />
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
      <InviteSection accountId={accountId} myRole={role} />
    </Stack>
  );
}
