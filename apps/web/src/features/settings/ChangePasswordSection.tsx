import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '@wrenchlog/contracts/limits';
import { useApi } from '../../core/context';
import { errorsAfterSubmit, touchAll } from '../../core/forms/error-timing';
import { newPasswordError } from '../../core/password-rules';
import { accountApi, failureMessage, serverFieldErrors } from './account-forms';

type Values = { currentPassword: string; newPassword: string; confirm: string };

const EMPTY: Values = { currentPassword: '', newPassword: '', confirm: '' };

/** Change my password: the current one is required; every other session of the account ends. */
export function ChangePasswordSection() {
  const api = useApi();
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: (v) => ({
      currentPassword: v.currentPassword ? undefined : 'Current password is required',
      newPassword: newPasswordError(v.newPassword),
      confirm: v.confirm === v.newPassword ? undefined : 'The passwords do not match',
    }),
    // The confirmation's rule reads the new password.
    ...errorsAfterSubmit<Values>({ newPassword: ['confirm'] }),
  });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  async function changePassword(values: Values) {
    setBusy(true);
    try {
      const { endedSessions } = await accountApi.changePassword(api, values.currentPassword, values.newPassword);
      form.reset();
      const others = endedSessions === 1 ? '1 other session was signed out.' : `${endedSessions} other sessions were signed out.`;
      setNotice({ ok: true, text: `Password changed. ${endedSessions > 0 ? others : 'You stay signed in here.'}` });
    } catch (err) {
      console.error('Changing the password failed', err);
      form.setErrors(serverFieldErrors(err));
      setNotice({ ok: false, text: failureMessage(err, 'Could not change the password. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  // Every submit shows the messages from then on, until a change succeeds.
  const onSubmit = form.onSubmit(
    (values) => {
      touchAll(form);
      setNotice(null);
      void changePassword(values);
    },
    () => {
      touchAll(form);
      setNotice(null);
    },
  );

  return (
    <Card component="section" aria-label="Password">
      <Title order={2} fz="lg" mb="xs">
        Password
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Changing it signs you out on every other device.
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label="Change password form">
        <Stack gap="sm">
          {notice && <Alert color={notice.ok ? 'green' : 'red'} variant="light" role={notice.ok ? 'status' : 'alert'} title={notice.text} />}
          <PasswordInput label="Current password" name="currentPassword" autoComplete="current-password" {...form.getInputProps('currentPassword')} required />
          <PasswordInput
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            {...form.getInputProps('newPassword')}
            required
          />
          <PasswordInput label="Confirm new password" name="confirm" autoComplete="new-password" {...form.getInputProps('confirm')} required />
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
