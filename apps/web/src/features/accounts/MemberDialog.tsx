import { Select, Text } from '@mantine/core';
import type { AccountRole } from '@wrenchlog/contracts/limits';
import { useState } from 'react';
import { FormDialog } from '../../core/forms/FormDialog';
import { serverFieldErrors } from '../../core/forms/server-errors';
import type { Member, MemberChange } from './accounts-api';
import { ROLE_LABELS, assignableRoles, hasAssignment, refusal, roleHint } from './account-logic';
import { MachineAssignment } from './MachineAssignment';
import { useTranslation } from 'react-i18next';
import './i18n';
import { i18n } from '../../core/i18n/i18n';

export function roleOptions(myRole: AccountRole) {
  return assignableRoles(myRole).map((r) => ({ value: r, label: i18n.t('roleOption', { ns: 'accounts', role: ROLE_LABELS[r], hint: roleHint(r) }) }));
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
  const { t } = useTranslation('accounts');
  return (
    <FormDialog
      title={`${member.name || member.email}`}
      formLabel={t('memberDialog.formLabel')}
      intro={
        <Text size="sm" c="dimmed">
          {member.email}
        </Text>
      }
      onClose={onClose}
      failure={failure}
      submitLabel={t('memberDialog.save')}
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
          setFailure(byField.role || byField.machineIds ? null : refusal(err, t('memberDialog.failed')));
          setBusy(false);
        });
      }}
    >
      <Select
        label={t('memberDialog.role')}
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
