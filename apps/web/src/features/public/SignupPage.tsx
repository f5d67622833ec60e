import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useApi } from '../../core/context';
import { errorsAfterBlur, touchAll } from '../../core/forms/error-timing';
import { useSubmit } from '../../core/forms/useSubmit';
import { signUp } from './contact-api';
import { isEmail } from './contact-form';
import { PublicPage } from './PublicLayout';

export const SIGNUP_FAILURE = 'Error signing up. Please try again.';
/** How long the "check your email" panel stays before /signup-success: long enough to read its first line. */
export const SUCCESS_PANEL_MS = 1500;

type SignupValues = { name: string; email: string; description: string };

function signupErrors(values: SignupValues): Partial<Record<'name' | 'email', string>> {
  const errors: Partial<Record<'name' | 'email', string>> = {};
  if (!values.name.trim()) {
    errors.name = 'Account Name is required';
  }
  if (!values.email.trim()) {
    errors.email = 'Email is required';
  } else if (!isEmail(values.email)) {
    errors.email = 'Please enter a valid email address';
  }
  return errors;
}

/** The spec's failure text, and the server's reason when it is about the request itself (address taken, too many tries). */
function failureText(err: unknown): string {
  const reason = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.body?.message : undefined;
  return reason ? `${SIGNUP_FAILURE} ${reason}` : SIGNUP_FAILURE;
}

export default function SignupPage() {
  const api = useApi();
  const navigate = useNavigate();
  const form = useForm<SignupValues>({ initialValues: { name: '', email: '', description: '' }, validate: signupErrors, ...errorsAfterBlur<SignupValues>() });
  const { busy, outcome: failure, run } = useSubmit<string>({ log: 'Signup failed', failure: failureText });
  const [done, setDone] = useState<{ name: string; email: string } | null>(null);
  const invalid = !form.isValid();

  const successTarget = done ? `/signup-success?${new URLSearchParams({ email: done.email, name: done.name }).toString()}` : null;
  useEffect(() => {
    if (!successTarget) {
      return;
    }
    const timer = window.setTimeout(() => void navigate(successTarget), SUCCESS_PANEL_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, successTarget]);

  const onSubmit = form.onSubmit(
    (values) => {
      touchAll(form);
      if (busy) {
        return;
      }
      void run(async () => {
        await signUp(api, values);
        setDone({ name: values.name.trim(), email: values.email.trim() });
      });
    },
    () => touchAll(form),
  );

  return (
    <PublicPage>
      <Container size={520} px="md" py={{ base: 32, md: 56 }}>
        <Stack gap="lg">
          <Stack gap={6} ta="center">
            <Title order={1} fz={{ base: 30, md: 36 }}>
              Sign Up
            </Title>
            <Text c="gray.7">Free while Wrenchlog is in beta. An administrator approves new accounts; then we email you a link to set your own password.</Text>
          </Stack>
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
            {done ? (
              <Stack align="center" gap="sm" ta="center" role="status" py="md">
                <IconMailCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />
                <Title order={2} fz="xl">
                  Check your email
                </Title>
                <Text>
                  We are setting up <b>{done.name}</b>. Once an administrator approves it, a link to set your password will be sent to <b>{done.email}</b>.
                </Text>
                <Anchor component={Link} to={successTarget!}>
                  Continue
                </Anchor>
              </Stack>
            ) : (
              <form onSubmit={onSubmit} noValidate aria-label="Sign Up form">
                <Stack gap="md">
                  {failure && <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} />} title={failure} />}
                  <TextInput
                    label="Account Name"
                    name="name"
                    description="Your name or your business's. You can change it later in Settings."
                    autoComplete="organization"
                    required
                    size="md"
                    {...form.getInputProps('name')}
                  />
                  <TextInput
                    label="Email"
                    name="email"
                    type="email"
                    inputMode="email"
                    autoComplete="email"
                    description="Your login credentials will be sent to this address: a link to set your password, once your account is approved."
                    required
                    size="md"
                    {...form.getInputProps('email')}
                  />
                  <Textarea
                    label="How will you use Wrenchlog? (Optional)"
                    name="userSelfDescription"
                    description="For example: two tractors and a mower on a small farm. Have a referral code? Enter it here too."
                    autosize
                    minRows={3}
                    maxRows={8}
                    size="md"
                    {...form.getInputProps('description')}
                  />
                  <Button type="submit" size="md" fullWidth loading={busy} disabled={invalid}>
                    Sign Up
                  </Button>
                  <Text size="sm" ta="center" c="gray.7">
                    Already have an account?{' '}
                    <Anchor component={Link} to="/login" fw={600}>
                      Log In
                    </Anchor>
                  </Text>
                </Stack>
              </form>
            )}
          </Paper>
        </Stack>
      </Container>
    </PublicPage>
  );
}
