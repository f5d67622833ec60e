import './i18n';
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
import { useTranslation } from 'react-i18next';

function useApiVersion(): string {
  const api = useApi();
  const { t } = useTranslation('auth');
  const { data, isError } = useQuery({
    queryKey: ['githash'],
    queryFn: () => api.get<{ value: string }>('/api/root/githash'),
    staleTime: Infinity,
    retry: false,
  });
  if (isError) {
    return t('login.versionUnavailable');
  }
  return data?.value ?? '…';
}

type Values = { username: string; password: string };

export default function LoginPage() {
  const { session, status } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const apiVersion = useApiVersion();
  const { t } = useTranslation('auth');
  const form = useForm<Values>({
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? undefined : t('login.usernameRequired')),
      password: (v) => (v ? undefined : t('login.passwordRequired')),
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
      setAlert({ title: t('login.invalid') });
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
        setAlert({ title: t('login.pendingTitle'), detail: t('login.pendingDetail') });
      } else {
        const detail = err instanceof LoginError && err.status === 429 ? err.body?.message : undefined;
        setAlert({ title: t('login.failed'), detail });
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
            {t('login.tagline')}
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          <form onSubmit={onSubmit} noValidate aria-label={t('login.formLabel')}>
            <Stack gap="md">
              <Title order={2} fz={24}>
                {t('login.title')}
              </Title>
              {alert && (
                <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={alert.title} role="alert">
                  {alert.detail}
                </Alert>
              )}
              <TextInput
                label={t('login.email')}
                name="username"
                type="email"
                inputMode="email"
                autoComplete="username"
                placeholder={t('login.emailPlaceholder')}
                {...form.getInputProps('username')}
                required
                size="md"
              />
              <PasswordInput
                label={t('login.password')}
                name="password"
                autoComplete="current-password"
                placeholder={t('login.passwordPlaceholder')}
                {...form.getInputProps('password')}
                required
                size="md"
              />
              <Group justify="flex-end" mt={-8}>
                <Anchor component={Link} to="/forgot-password" size="sm">
                  {t('login.forgot')}
                </Anchor>
              </Group>
              <Button type="submit" size="md" fullWidth loading={busy}>
                {t('login.submit')}
              </Button>
              <Text size="sm" ta="center" c="dimmed">
                {t('login.newHere')}{' '}
                <Anchor component={Link} to="/signup" fw={600}>
                  {t('login.signUp')}
                </Anchor>
              </Text>
            </Stack>
          </form>
        </Paper>
        <SocialLinks justify="center" />
        <Divider />
        <Group justify="center" gap="lg">
          <Text size="xs" c="dimmed">
            {t('login.appVersion')}{' '}
            <Text span ff="monospace" size="xs" data-testid="app-version">
              {__APP_VERSION__}
            </Text>
          </Text>
          <Text size="xs" c="dimmed">
            {t('login.apiVersion')}{' '}
            <Text span ff="monospace" size="xs" data-testid="api-version">
              {apiVersion}
            </Text>
          </Text>
        </Group>
      </Stack>
    </Container>
  );
}
