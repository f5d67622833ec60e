import { Alert, Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useApi, useSession } from '../../core/context';
import { accountApi, ACCOUNT_NAME_MAX, failureMessage, serverFieldErrors } from './account-forms';

/** The account name (editable), email and role of the signed-in user. */
export function UserDetailsSection() {
  const api = useApi();
  const { session, user } = useSession();
  const [name, setName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const shown = name ?? user?.name ?? '';
  const localError = name !== null && !name.trim() ? 'Account name is required' : undefined;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (localError || name === null) {
      return;
    }
    setBusy(true);
    setNotice(null);
    setFieldError(undefined);
    try {
      await accountApi.rename(api, name.trim());
      await session.loadUser();
      setName(null);
      setNotice({ ok: true, text: 'Account name saved.' });
    } catch (err) {
      console.error('Saving the account name failed', err);
      setFieldError(serverFieldErrors(err).name);
      setNotice({ ok: false, text: failureMessage(err, 'Could not save the account name. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card component="section" aria-label="User Details">
      <Title order={2} fz="lg" mb="sm">
        User Details
      </Title>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="User Details form">
        <Stack gap="sm">
          {notice && <Alert color={notice.ok ? 'green' : 'red'} variant="light" role={notice.ok ? 'status' : 'alert'} title={notice.text} />}
          <TextInput
            label="Account name"
            name="name"
            autoComplete="organization"
            maxLength={ACCOUNT_NAME_MAX}
            value={shown}
            onChange={(e) => setName(e.currentTarget.value)}
            error={localError ?? fieldError}
            required
          />
          <TextInput label="Email" value={user?.username ?? ''} readOnly variant="filled" description="Your sign-in email cannot be changed." />
          <TextInput label="Role" value={(user?.adminLevel ?? 0) > 0 ? 'Administrator' : 'Owner'} readOnly variant="filled" />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={name === null || name.trim() === user?.name || Boolean(localError)}>
              Save name
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
