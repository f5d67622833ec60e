import './i18n';
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
import { Trans, useTranslation } from 'react-i18next';

type Values = { password: string; confirm: string };

/** Where the approval email's link and the forgotten-password link lead: choose a password. */
export default function SetPasswordPage() {
  const api = useApi();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { t } = useTranslation('auth');
  const [done, setDone] = useState<string | null>(null);
  const { busy, failure, run } = useAuthSubmit(t('setPassword.failed'), 'Setting the password failed', token ? null : t('setPassword.incomplete'));
  const form = useForm<Values>({
    initialValues: { password: '', confirm: '' },
    validate: (v) => ({
      password: newPasswordError(v.password, 'plain'),
      confirm: v.confirm === v.password ? undefined : t('setPassword.mismatch'),
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
        <AuthDone icon={<IconCircleCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />} title={t('setPassword.done')}>
          <Text>
            <Trans t={t} i18nKey="setPassword.signInWith" values={{ username: done }} components={{ b: <b /> }} />
          </Text>
          <Button component={Link} to="/login">
            {t('setPassword.signIn')}
          </Button>
        </AuthDone>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={t('setPassword.formLabel')}>
          <Stack gap="md">
            <Title order={1} fz={24}>
              {t('setPassword.title')}
            </Title>
            <Text c="gray.7" size="sm">
              {t('setPassword.rule', { min: MIN_PASSWORD_LENGTH })}
            </Text>
            {failure && (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />} title={failure}>
                <Anchor component={Link} to="/forgot-password" size="sm">
                  {t('setPassword.askNewLink')}
                </Anchor>
              </Alert>
            )}
            <PasswordInput
              label={t('setPassword.newPassword')}
              name="password"
              autoComplete="new-password"
              {...form.getInputProps('password')}
              required
              size="md"
            />
            <PasswordInput label={t('setPassword.confirm')} name="confirm" autoComplete="new-password" {...form.getInputProps('confirm')} required size="md" />
            <Button type="submit" size="md" fullWidth loading={busy} disabled={!token}>
              {t('setPassword.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
