import './i18n';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ForgotPasswordReply } from '@wrenchlog/contracts';
import { useApi } from '../../core/context';
import { errorsAfterSubmit, touchAll } from '../../core/forms/error-timing';
import { AuthCard, AuthDone, useAuthSubmit } from './auth-card';
import { useTranslation } from 'react-i18next';

const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** Forgot password: asks for the email; the same answer whether or not it has an account. */
export default function ForgotPasswordPage() {
  const api = useApi();
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState<string | null>(null);
  const { busy, failure, run } = useAuthSubmit(t('forgot.failed'), 'Forgot password failed');
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (v) => (!v.trim() ? t('forgot.emailRequired') : !isEmail(v) ? t('forgot.emailInvalid') : undefined) },
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
        <AuthDone icon={<IconMailCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />} title={t('forgot.checkEmail')}>
          <Text>{sent}</Text>
          <Anchor component={Link} to="/login">
            {t('forgot.backToSignIn')}
          </Anchor>
        </AuthDone>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={t('forgot.formLabel')}>
          <Stack gap="md">
            <Title order={1} fz={24}>
              {t('forgot.title')}
            </Title>
            <Text c="gray.7" size="sm">
              {t('forgot.intro')}
            </Text>
            {failure && <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />} title={failure} />}
            <TextInput
              label={t('forgot.email')}
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
              {t('forgot.submit')}
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to="/login">
                {t('forgot.backToSignIn')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
