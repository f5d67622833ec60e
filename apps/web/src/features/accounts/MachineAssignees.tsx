import { Badge, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../components/states';
import { useSession } from '../../core/context';
import { ROLE_LABELS } from '../../core/rights';
import { useMemberWrites, useMembers, type Member } from './accounts-api';
import { hasAssignment, mayManage, refusal } from './account-logic';
import { useTranslation } from 'react-i18next';
import './i18n';

/** Whether a member works on the machine: every machine (null), or theirs by assignment. */
function assigned(member: Member, machineId: number): boolean {
  return member.machineIds === null || member.machineIds.includes(machineId);
}

function AssigneeRow({
  member,
  machineId,
  manageable,
  writes,
}: {
  member: Member;
  machineId: number;
  manageable: boolean;
  writes: ReturnType<typeof useMemberWrites>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const all = member.machineIds === null;
  const on = assigned(member, machineId);
  const busy = writes.change.isPending && writes.change.variables?.userId === member.userId;
  const { t } = useTranslation('accounts');
  const toggle = (next: boolean) => {
    const ids = (member.machineIds ?? []).filter((id) => id !== machineId);
    setFailure(null);
    writes.change.mutate(
      { userId: member.userId, change: { machineIds: next ? [...ids, machineId] : ids } },
      { onError: (err) => setFailure(refusal(err, t('assignees.changeFailed'))) },
    );
  };
  return (
    <Stack gap={2} component="li">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
          <Text fw={500}>{member.name || member.email}</Text>
          <Badge size="xs" variant="light">
            {ROLE_LABELS[member.role]}
          </Badge>
        </Group>
        {all ? (
          <Text size="sm" c="dimmed">
            {t('assignees.all')}
          </Text>
        ) : (
          <Switch
            checked={on}
            disabled={!manageable || busy}
            onChange={(e) => toggle(e.currentTarget.checked)}
            aria-label={t('assignees.worksOn', { name: member.name || member.email })}
          />
        )}
      </Group>
      {failure && (
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Who works on a machine (issue 32, for owners and managers): the operators and mechanics of the
 * account, each switched on or off for this machine; "All machines" is changed on Settings > Members.
 */
export default function MachineAssignees({ machineId }: { machineId: number }) {
  const { user } = useSession();
  const accountId = user?.accountId;
  const members = useMembers(accountId);
  const writes = useMemberWrites(accountId ?? 0);
  const myRole = user?.role ?? 'owner';
  const assignable = (members.data ?? []).filter((m) => hasAssignment(m.role));
  const { t } = useTranslation('accounts');
  return (
    <Card component="section" aria-label={t('assignees.title')} padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('assignees.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('assignees.text')}
        </Text>
        {accountId === undefined || members.isPending ? (
          <LoadingState text={t('assignees.loading')} />
        ) : members.isError ? (
          <ErrorState text={t('assignees.loadFailed')} onRetry={() => void members.refetch()} />
        ) : assignable.length === 0 ? (
          <Text size="sm">{t('assignees.none')}</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {assignable.map((m) => (
              <AssigneeRow key={m.userId} member={m} machineId={machineId} manageable={mayManage(myRole, m.role)} writes={writes} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
