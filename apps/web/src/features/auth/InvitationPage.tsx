import './i18n';
import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconMailOpened } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadingState } from '../../components/states';
import { useApi, useSession } from '../../core/context';
import { errorsAfterSubmit, touchAll } from '../../core/forms/error-timing';
import { serverFieldErrors } from '../../core/forms/server-errors';
import { newPasswordError } from '../../core/password-rules';
import { ApiError } from '../../api/client';
import { AuthCard, useAuthSubmit } from './auth-card';
import { ROLE_LABELS } from '../../core/rights';
import { ACCOUNT_NAME_MAX, accountKeys, accountsApi, isSignInReply, useAdoptSession, type InvitationView } from '../accounts/accounts-api';
import { Trans, useTranslation } from 'react-i18next';

type NewPerson = { name: string; password: string };

/** A person without a login: a name and a password, then they are in at once. */
function NewPersonForm({ token, email, onDone }: { token: string; email: string | null; onDone: (reply: unknown) => Promise<void> }) {
  const api = useApi();
  const { t } = useTranslation('auth');
  const { busy, failure, run } = useAuthSubmit(t('invitation.failed'), 'Accepting the invitation failed');
  const form = useForm<NewPerson>({
    initialValues: { name: '', password: '' },
    validate: {
      name: (v) =>
        !v.trim() ? t('invitation.nameRequired') : v.trim().length > ACCOUNT_NAME_MAX ? t('invitation.nameTooLong', { max: ACCOUNT_NAME_MAX }) : undefined,
      password: (v) => newPasswordError(v, 'plain'),
    },
    ...errorsAfterSubmit<NewPerson>(),
  });
  const onSubmit = form.onSubmit(
    (values) => {
      touchAll(form);
      void run(async () => {
        try {
          await onDone(await accountsApi.accept(api, token, { name: values.name.trim(), password: values.password }));
        } catch (err) {
          // The server's field messages (a weak password, a long name) go under their fields.
          form.setErrors(serverFieldErrors(err));
          throw err;
        }
      });
    },
    () => touchAll(form),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('invitation.joinForm')}>
      <Stack gap="sm">
        <Text size="sm">{email ? t('invitation.newHereFor', { email }) : t('invitation.newHere')}</Text>
        {failure && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
            {failure}
          </Alert>
        )}
        <TextInput label={t('invitation.yourName')} autoComplete="name" required {...form.getInputProps('name')} />
        <PasswordInput label={t('invitation.password')} autoComplete="new-password" required {...form.getInputProps('password')} />
        <Button type="submit" loading={busy} fullWidth>
          {t('invitation.acceptAndSignIn')}
        </Button>
      </Stack>
    </form>
  );
}

function InvitationSummary({ invitation }: { invitation: InvitationView }) {
  const { t } = useTranslation('auth');
  const role = ROLE_LABELS[invitation.role] ?? invitation.role;
  return (
    <Stack gap={4} align="center" ta="center">
      <IconMailOpened size={44} color="var(--mantine-color-brand-6)" aria-hidden />
      <Title order={1} fz={24}>
        {t('invitation.join', { account: invitation.accountName })}
      </Title>
      <Text>
        {invitation.inviterName ? (
          <Trans t={t} i18nKey="invitation.invitedBy" values={{ inviter: invitation.inviterName, role }} components={{ b: <b /> }} />
        ) : (
          <Trans t={t} i18nKey="invitation.invited" values={{ role }} components={{ b: <b /> }} />
        )}
      </Text>
    </Stack>
  );
}

/**
 * /invitations/:token (issue 32): the link of an invitation email. Signed in: Accept (the account
 * then waits in the switcher, and the app switches to it). Not signed in: join with a new login
 * (name and password), or sign in first and come back here.
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const api = useApi();
  const { status, user, session } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const adopt = useAdoptSession();
  const { t } = useTranslation('auth');
  const invitation = useQuery({ queryKey: accountKeys.invitation(token), queryFn: () => accountsApi.invitation(api, token), retry: false });
  const accept = useAuthSubmit(t('invitation.failed'), 'Accepting the invitation failed');
  const here = `/invitations/${encodeURIComponent(token)}`;

  /** After accepting: in the new account at once (a sign-in body, or a switch to the account). */
  const enter = async (reply: unknown) => {
    if (isSignInReply(reply)) {
      await adopt(reply);
    } else if (invitation.data?.accountId != null) {
      await adopt(await accountsApi.switchTo(api, invitation.data.accountId));
    }
    await queryClient.invalidateQueries({ queryKey: accountKeys.list });
    void navigate('/dashboard', { replace: true });
  };

  if (invitation.isPending) {
    return (
      <AuthCard>
        <LoadingState text={t('invitation.loading')} />
      </AuthCard>
    );
  }
  if (invitation.isError) {
    const refused = invitation.error instanceof ApiError && invitation.error.status < 500 ? invitation.error : null;
    const gone = refused !== null;
    return (
      <AuthCard>
        <Stack gap="sm">
          <Title order={1} fz={24}>
            {gone ? t('invitation.gone') : t('invitation.loadFailed')}
          </Title>
          <Text role="alert">
            {gone ? `${refused.body?.message ?? t('invitation.goneDetail')} ${t('invitation.askAgain')}` : t('invitation.checkConnection')}
          </Text>
          {!gone && <Button onClick={() => void invitation.refetch()}>{t('invitation.retry')}</Button>}
          <Anchor component={Link} to={status === 'authenticated' ? '/dashboard' : '/login'}>
            {status === 'authenticated' ? t('invitation.toDashboard') : t('invitation.signIn')}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  const view = invitation.data;
  const otherPerson = status === 'authenticated' && !!user && !!view.email && user.username.toLowerCase() !== view.email.toLowerCase();
  return (
    <AuthCard>
      <Stack gap="md">
        <InvitationSummary invitation={view} />
        {status === 'authenticated' ? (
          <Stack gap="sm">
            {otherPerson && (
              <Alert color="yellow" variant="light" role="note">
                {t('invitation.otherPerson', { email: view.email, username: user.username })}{' '}
                <Anchor component="button" type="button" onClick={() => void session.logout(here)}>
                  {t('invitation.signInAs', { email: view.email })}
                </Anchor>
              </Alert>
            )}
            {accept.failure && (
              <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
                {accept.failure}
              </Alert>
            )}
            <Button loading={accept.busy} onClick={() => void accept.run(async () => enter(await accountsApi.accept(api, token)))}>
              {t('invitation.accept')}
            </Button>
            <Button variant="subtle" component={Link} to="/dashboard">
              {t('invitation.notNow')}
            </Button>
          </Stack>
        ) : (
          <Stack gap="md">
            <NewPersonForm token={token} email={view.email} onDone={enter} />
            <Divider label={t('invitation.or')} />
            <Button variant="default" component={Link} to={`/login?returnUrl=${encodeURIComponent(here)}`}>
              {t('invitation.signInFirst')}
            </Button>
          </Stack>
        )}
      </Stack>
    </AuthCard>
  );
}
