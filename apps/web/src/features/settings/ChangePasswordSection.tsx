import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { MIN_PASSWORD_LENGTH } from '@wrenchlog/contracts/limits';
import { useApi } from '../../core/context';
import { newPasswordError } from '../../core/password-rules';
import { accountApi, failureMessage, serverFieldErrors } from './account-forms';

type Field = 'currentPassword' | 'newPassword' | 'confirm';

/** Change my password: the current one is required; every other session of the account ends. */
export function ChangePasswordSection() {
  const api = useApi();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', confirm: '' });
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const local: Partial<Record<Field, string>> = {
    currentPassword: values.currentPassword ? undefined : 'Current password is required',
    newPassword: newPasswordError(values.newPassword),
    confirm: values.confirm === values.newPassword ? undefined : 'The passwords do not match',
  };
  const shown = (field: Field) => (submitted ? local[field] : undefined) ?? server[field];
  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServer((s) => ({ ...s, [field]: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setNotice(null);
    if (Object.values(local).some(Boolean)) {
      return;
    }
    setBusy(true);
    try {
      const { endedSessions } = await accountApi.changePassword(api, values.currentPassword, values.newPassword);
      setValues({ currentPassword: '', newPassword: '', confirm: '' });
      setSubmitted(false);
      const others = endedSessions === 1 ? '1 other session was signed out.' : `${endedSessions} other sessions were signed out.`;
      setNotice({ ok: true, text: `Password changed. ${endedSessions > 0 ? others : 'You stay signed in here.'}` });
    } catch (err) {
      console.error('Changing the password failed', err);
      setServer(serverFieldErrors(err));
      setNotice({ ok: false, text: failureMessage(err, 'Could not change the password. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card component="section" aria-label="Password">
      <Title order={2} fz="lg" mb="xs">
        Password
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Changing it signs you out on every other device.
      </Text>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Change password form">
        <Stack gap="sm">
          {notice && <Alert color={notice.ok ? 'green' : 'red'} variant="light" role={notice.ok ? 'status' : 'alert'} title={notice.text} />}
          <PasswordInput
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(e) => set('currentPassword', e.currentTarget.value)}
            error={shown('currentPassword')}
            required
          />
          <PasswordInput
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            value={values.newPassword}
            onChange={(e) => set('newPassword', e.currentTarget.value)}
            error={shown('newPassword')}
            required
          />
          <PasswordInput
            label="Confirm new password"
            name="confirm"
            autoComplete="new-password"
            value={values.confirm}
            onChange={(e) => set('confirm', e.currentTarget.value)}
            error={shown('confirm')}
            required
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
