import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { SetPasswordReply } from '@wrenchlog/contracts';
import { MIN_PASSWORD_LENGTH } from '@wrenchlog/contracts/limits';
import { useApi } from '../../core/context';
import { errorsAfterSubmit, touchAll } from '../../core/forms/error-timing';
import { AuthCard, AuthDone, useAuthSubmit } from './auth-card';
import { newPasswordError } from '../../core/password-rules';

type Values = { password: string; confirm: string };

/** Where the approval email's link and the forgotten-password link lead: choose a password. */
export default function SetPasswordPage() {
  const api = useApi();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const { busy, failure, run } = useAuthSubmit(
    'Could not set the password. Please try again.',
    'Setting the password failed',
    token ? null : 'This link is incomplete. Open the link from your email again.',
  );
  const form = useForm<Values>({
    initialValues: { password: '', confirm: '' },
    validate: (v) => ({
      password: newPasswordError(v.password)?.replace('New password', 'Password'),
      confirm: v.confirm === v.password ? undefined : 'The passwords do not match',
    }),
    // The confirmation's rule reads the password.
    ...errorsAfterSubmit<Values>({ password: ['confirm'] }),
  });

  // Every submit shows the messages from then on; an incomplete link is never sent.
  const onSubmit = form.onSubmit(
    (values) => {
      touchAll(form);
      if (token) {
        void run(async () => {
          const reply = await api.post<SetPasswordReply>('/api/auth/set-password', { token, password: values.password });
          setDone(reply.username);
        });
      }
    },
    () => touchAll(form),
  );

  return (
    <AuthCard>
      {done ? (
        <AuthDone icon={<IconCircleCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />} title="Password set">
          <Text>
            Sign in with <b>{done}</b> and your new password.
          </Text>
          <Button component={Link} to="/login">
            Sign in
          </Button>
        </AuthDone>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Set password form">
          <Stack gap="md">
            <Title order={1} fz={24}>
              Choose your password
            </Title>
            <Text c="gray.7" size="sm">
              At least {MIN_PASSWORD_LENGTH} characters. Only you will know it.
            </Text>
            {failure && (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />} title={failure}>
                <Anchor component={Link} to="/forgot-password" size="sm">
                  Ask for a new link
                </Anchor>
              </Alert>
            )}
            <PasswordInput label="New password" name="password" autoComplete="new-password" {...form.getInputProps('password')} required size="md" />
            <PasswordInput label="Confirm password" name="confirm" autoComplete="new-password" {...form.getInputProps('confirm')} required size="md" />
            <Button type="submit" size="md" fullWidth loading={busy} disabled={!token}>
              Set password
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
