import { NativeSelect } from '@mantine/core';
import type { AccountRole } from '@wrenchlog/contracts/limits';
import { useSession } from '../../core/context';
import { ROLE_LABELS, useRights } from '../../core/rights';
import { useMembers } from '../accounts/accounts-api';

const MAY_WORK: readonly AccountRole[] = ['mechanic', 'manager', 'owner'];

/**
 * The people an order may be assigned to. The member list is a manager's (members.manage); a
 * mechanic picks themselves or nobody. The server checks the rest (a mechanic must see the machine).
 */
export function usePeople(): { value: string; label: string }[] {
  const { user } = useSession();
  const rights = useRights();
  const members = useMembers(rights.may('members.manage') ? user?.accountId : undefined);
  const people = (members.data ?? [])
    .filter((m) => MAY_WORK.includes(m.role))
    .map((m) => ({ value: String(m.userId), label: `${m.name || m.email} (${ROLE_LABELS[m.role]})` }));
  if (user && !people.some((p) => p.value === String(user.id))) {
    people.unshift({ value: String(user.id), label: `${user.name} (you)` });
  }
  return people;
}

export function AssigneeSelect({
  value,
  onChange,
  label = 'Assigned to',
  error,
  current,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  error?: string | null;
  /** The order's assignee now, kept in the list even when the member list is not readable. */
  current?: { id: number; name: string | null } | null;
}) {
  const people = usePeople();
  if (current && !people.some((p) => p.value === String(current.id))) {
    people.push({ value: String(current.id), label: current.name ?? 'a member' });
  }
  return (
    <NativeSelect
      label={label}
      value={value}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[{ value: '', label: 'Nobody' }, ...people]}
    />
  );
}
