import { Alert, Anchor, Button, Container, Divider, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useApi, useSession } from '../../core/context';
import { errorsAfterSubmit, touchAll } from '../../core/forms/error-timing';
import { safeReturnTarget } from '../../lib/public-paths';
import { Logo } from '../../components/Logo';
import { SocialLinks } from '../../components/SocialLinks';
import { LoginError } from './session';

export const LOGIN_INVALID = 'The login form is invalid';
export const LOGIN_FAILED = 'Login failed, check the console log for details';
export const ACCOUNT_PENDING_TITLE = 'Your account is waiting for approval';
export const ACCOUNT_PENDING_DETAIL = 'An administrator has not approved it yet. You will receive an email when you can sign in.';

function useApiVersion(): string {
  const api = useApi();
  const { data, isError } = useQuery({
    queryKey: ['githash'],
    queryFn: () => api.get<{ value: string }>('/api/root/githash'),
    staleTime: Infinity,
    retry: false,
  });
  if (isError) {
    return 'unavailable';
  }
  return data?.value ?? '…';
}

type Values = { username: string; password: string };

export default function LoginPage() {
  const { session, status } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const apiVersion = useApiVersion();
  const form = useForm<Values>({
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? undefined : 'Email Address is required'),
      password: (v) => (v ? undefined : 'Password is required'),
    },
    ...errorsAfterSubmit<Values>(),
  });
  const [alert, setAlert] = useState<{ title: string; detail?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const target = safeReturnTarget(params.get('returnUrl')) ?? safeReturnTarget(params.get('redirect')) ?? '/dashboard';

  if (status === 'authenticated' && !busy) {
    return <Navigate to={target} replace />;
  }

  // Every submit shows the messages from then on; an invalid one says so above the fields.
  const onSubmit = form.onSubmit(
    (values) => {
      touchAll(form);
      void login(values);
    },
    () => {
      touchAll(form);
      setAlert({ title: LOGIN_INVALID });
    },
  );

  async function login({ username, password }: Values) {
    setAlert(null);
    setBusy(true);
    try {
      await session.login(username.trim(), password);
      void navigate(target, { replace: true });
    } catch (err) {
      console.error('Login failed', err);
      // The server says "pending" only to someone who gave the right password (no account
      // enumeration); a rate limit says how long to wait; other failures keep the spec's text.
      if (err instanceof LoginError && err.body?.code === 'ACCOUNT_PENDING') {
        setAlert({ title: ACCOUNT_PENDING_TITLE, detail: ACCOUNT_PENDING_DETAIL });
      } else {
        const detail = err instanceof LoginError && err.status === 429 ? err.body?.message : undefined;
        setAlert({ title: LOGIN_FAILED, detail });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container size={440} px="md">
      <Stack gap="lg">
        <Stack gap={6} align="center">
          <Logo size="lg" />
          <Text c="dimmed" ta="center" style={{ textWrap: 'balance' }}>
            The maintenance log for everything you run.
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          <form onSubmit={onSubmit} noValidate aria-label="Login form">
            <Stack gap="md">
              <Title order={2} fz={24}>
                Sign in
              </Title>
              {alert && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={alert.title} role="alert">
                  {alert.detail}
                </Alert>
              )}
              <TextInput
                label="Email Address"
                name="username"
                type="email"
                inputMode="email"
                autoComplete="username"
                placeholder="you@example.com"
                {...form.getInputProps('username')}
                required
                size="md"
              />
              <PasswordInput
                label="Password"
                name="password"
                autoComplete="current-password"
                placeholder="Your password"
                {...form.getInputProps('password')}
                required
                size="md"
              />
              <Group justify="flex-end" mt={-8}>
                <Anchor component={Link} to="/forgot-password" size="sm">
                  Forgot password?
                </Anchor>
              </Group>
              <Button type="submit" size="md" fullWidth loading={busy}>
                Login
              </Button>
              <Text size="sm" ta="center" c="dimmed">
                New to Wrenchlog?{' '}
                <Anchor component={Link} to="/signup" fw={600}>
                  Sign Up
                </Anchor>
              </Text>
            </Stack>
          </form>
        </Paper>
        <SocialLinks justify="center" />
        <Divider />
        <Group justify="center" gap="lg">
          <Text size="xs" c="dimmed">
            App version{' '}
            <Text span ff="monospace" size="xs" data-testid="app-version">
              {__APP_VERSION__}
            </Text>
          </Text>
          <Text size="xs" c="dimmed">
            API version{' '}
            <Text span ff="monospace" size="xs" data-testid="api-version">
              {apiVersion}
            </Text>
          </Text>
        </Group>
      </Stack>
    </Container>
  );
}
