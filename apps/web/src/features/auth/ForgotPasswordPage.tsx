import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ForgotPasswordReply } from '@wrenchlog/contracts';
import { useApi } from '../../core/context';
import { AuthCard, AuthDone, useAuthSubmit } from './auth-card';

const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** Forgot password: asks for the email; the same answer whether or not it has an account. */
export default function ForgotPasswordPage() {
  const api = useApi();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const { busy, failure, run } = useAuthSubmit('Could not send the email. Please try again.', 'Forgot password failed');
  const emailError = submitted ? (!email.trim() ? 'Email is required' : !isEmail(email) ? 'Please enter a valid email address' : undefined) : undefined;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!email.trim() || !isEmail(email)) {
      return;
    }
    await run(async () => {
      const reply = await api.post<ForgotPasswordReply>('/api/auth/forgot-password', { email: email.trim() });
      setSent(reply.message);
    });
  }

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
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Forgot password form">
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
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={emailError}
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
