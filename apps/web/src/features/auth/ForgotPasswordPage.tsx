import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ForgotPasswordReply } from '@wrenchlog/contracts';
import { useApi } from '../../core/context';
import { errorsAfterSubmit, touchAll } from '../../core/forms/error-timing';
import { AuthCard, AuthDone, useAuthSubmit } from './auth-card';

const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** Forgot password: asks for the email; the same answer whether or not it has an account. */
export default function ForgotPasswordPage() {
  const api = useApi();
  const [sent, setSent] = useState<string | null>(null);
  const { busy, failure, run } = useAuthSubmit('Could not send the email. Please try again.', 'Forgot password failed');
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (v) => (!v.trim() ? 'Email is required' : !isEmail(v) ? 'Please enter a valid email address' : undefined) },
    ...errorsAfterSubmit<{ email: string }>(),
  });

  // Every submit shows the message from then on.
  const onSubmit = form.onSubmit(
    ({ email }) => {
      touchAll(form);
      void run(async () => {
        const reply = await api.post<ForgotPasswordReply>('/api/auth/forgot-password', { email: email.trim() });
        setSent(reply.message);
      });
    },
    () => touchAll(form),
  );

  return (
    <AuthCard>
      {sent ? (
        <AuthDone icon={<IconMailCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />} title="Check your email">
          <Text>{sent}</Text>
          <Anchor component={Link} to="/login">
            Back to sign in
          </Anchor>
        </AuthDone>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Forgot password form">
          <Stack gap="md">
            <Title order={1} fz={24}>
              Forgot password?
            </Title>
            <Text c="gray.7" size="sm">
              Enter the email you sign in with. We will send it a link to choose a new password.
            </Text>
            {failure && <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />} title={failure} />}
            <TextInput
              label="Email Address"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="username"
              maxLength={254}
              {...form.getInputProps('email')}
              required
              size="md"
            />
            <Button type="submit" size="md" fullWidth loading={busy}>
              Send link
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to="/login">
                Back to sign in
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
