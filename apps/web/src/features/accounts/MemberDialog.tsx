import { Select, Text } from '@mantine/core';
import type { AccountRole } from '@wrenchlog/contracts/limits';
import { useState } from 'react';
import { FormDialog } from '../../core/forms/FormDialog';
import { serverFieldErrors } from '../../core/forms/server-errors';
import type { Member, MemberChange } from './accounts-api';
import { ROLE_HINTS, ROLE_LABELS, assignableRoles, hasAssignment, refusal } from './account-logic';
import { MachineAssignment } from './MachineAssignment';

export function roleOptions(myRole: AccountRole) {
  return assignableRoles(myRole).map((r) => ({ value: r, label: `${ROLE_LABELS[r]}: ${ROLE_HINTS[r]}` }));
}

/** Change a member's role and, for an operator or mechanic, their machines. */
export function MemberDialog({
  member,
  myRole,
  onSave,
  onClose,
}: {
  member: Member;
  myRole: AccountRole;
  onSave: (change: MemberChange) => Promise<unknown>;
  onClose: () => void;
}) {
  const [role, setRole] = useState<AccountRole>(member.role);
  const [machineIds, setMachineIds] = useState<number[] | null>(member.machineIds);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  return (
    <FormDialog
      title={`${member.name || member.email}`}
      formLabel="Change member"
      intro={
        <Text size="sm" c="dimmed">
          {member.email}
        </Text>
      }
      onClose={onClose}
      failure={failure}
      submitLabel="Save"
      busy={busy}
      onSubmit={(e) => {
        e.preventDefault();
        if (busy) {
          return;
        }
        setBusy(true);
        setFailure(null);
        const change: MemberChange = hasAssignment(role) ? { role, machineIds } : { role };
        onSave(change).then(onClose, (err: unknown) => {
          const byField = serverFieldErrors(err);
          setFields(byField);
          // A 409 (the last owner) or 403 has no field: its message goes above the fields.
          setFailure(byField.role || byField.machineIds ? null : refusal(err, 'Could not save the member. Try again.'));
          setBusy(false);
        });
      }}
    >
      <Select
        label="Role"
        data={roleOptions(myRole)}
        value={role}
        onChange={(v) => v && setRole(v as AccountRole)}
        allowDeselect={false}
        error={fields.role}
        comboboxProps={{ withinPortal: true }}
      />
      {hasAssignment(role) && <MachineAssignment value={machineIds} onChange={setMachineIds} error={fields.machineIds} />}
    </FormDialog>
  );
}
