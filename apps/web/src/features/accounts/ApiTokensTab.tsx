import { ActionIcon, Alert, Badge, Button, Card, Checkbox, Code, CopyButton, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconKey, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useConfirm } from '../../components/confirm';
import { ErrorState, LoadingState } from '../../components/states';
import { useSession } from '../../core/context';
import { serverFieldErrors, unplacedMessages } from '../../core/forms/server-errors';
import { formatDate, formatDateTime } from '../../lib/format';
import { refusal } from './account-logic';
import { dayFromToday, hasExpired, useApiTokens, useApiTokenWrites, type ApiTokenScope, type ApiTokenView, type CreatedApiToken } from './api-tokens-api';
import { MachineAssignment } from './MachineAssignment';
import { DateField } from '../../core/forms/DateField';

type Writes = ReturnType<typeof useApiTokenWrites>;

const FIELDS = ['name', 'scopes', 'expiresAt', 'machineIds'];
const NAME_MAX = 100;

/** The new token, shown this once with a copy button; gone from the screen when dismissed. */
function NewToken({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  return (
    <Alert color="teal" variant="light" title={`Token "${created.name}" created`} role="status">
      <Stack gap="xs">
        <Text size="sm">Copy the token now: it is shown only this once. Send it as the header Authorization: Bearer followed by the token.</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code block style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="new-api-token">
            {created.token}
          </Code>
          <CopyButton value={created.token}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                <ActionIcon variant="light" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copied ? 'Token copied' : 'Copy token'} size="lg">
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function CreateTokenForm({ writes, onCreated }: { writes: Writes; onCreated: (token: CreatedApiToken) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['read']);
  const [expiresAt, setExpiresAt] = useState(() => dayFromToday(90));
  const [machineIds, setMachineIds] = useState<number[] | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <form
      aria-label="Create an API token"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const local: Record<string, string> = {};
        if (!name.trim()) {
          local.name = 'Name is required';
        }
        if (scopes.length === 0) {
          local.scopes = 'Choose at least one scope: read, write';
        }
        setFields(local);
        if (Object.keys(local).length > 0 || writes.create.isPending) {
          return;
        }
        setFailure(null);
        writes.create.mutate(
          { name: name.trim(), scopes, ...(expiresAt ? { expiresAt } : {}), ...(machineIds ? { machineIds } : {}) },
          {
            onSuccess: (created) => {
              setName('');
              onCreated(created);
            },
            onError: (err) => {
              const byField = serverFieldErrors(err);
              setFields(byField);
              const rest = unplacedMessages(byField, FIELDS);
              const allPlaced = Object.keys(byField).length > 0 && rest.length === 0;
              setFailure(allPlaced ? null : (rest[0] ?? refusal(err, 'Could not create the token. Try again.')));
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Name"
            description="What uses it, e.g. Home Assistant"
            required
            maxLength={NAME_MAX}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fields.name}
            style={{ flex: '1 1 220px' }}
          />
          <DateField
            label="Expires on"
            description="At most a year from today"
            minDate={dayFromToday(1)}
            maxDate={dayFromToday(365)}
            value={expiresAt}
            onChange={setExpiresAt}
            error={fields.expiresAt}
            style={{ flex: '1 1 180px' }}
          />
        </Group>
        <Checkbox.Group
          label="Scopes"
          description="Read: GET calls. Write: also creates, changes and deletes. Never more than your role allows."
          value={scopes}
          onChange={(v) => setScopes(v as ApiTokenScope[])}
          error={fields.scopes}
        >
          <Group gap="md" mt={6}>
            <Checkbox value="read" label="Read" />
            <Checkbox value="write" label="Write" />
          </Group>
        </Checkbox.Group>
        <MachineAssignment
          value={machineIds}
          onChange={setMachineIds}
          error={fields.machineIds}
          description="Which of your machines the token reaches"
          listLabel="Token's machines"
        />
        {failure && (
          <Text role="alert" c="red" size="sm">
            {failure}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconKey size={16} />} loading={writes.create.isPending}>
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TokenRow({ token, mine, writes }: { token: ApiTokenView; mine: boolean; writes: Writes }) {
  const { confirm, dialog } = useConfirm();
  const [failure, setFailure] = useState<string | null>(null);
  const expired = hasExpired(token.expiresAt);
  return (
    <Card withBorder padding="sm" component="li" aria-label={`Token ${token.name}`}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Text>
            <Code>{token.prefix}…</Code>
            {token.scopes.map((s) => (
              <Badge key={s} size="sm" variant="light" color={s === 'write' ? 'orange' : 'blue'}>
                {s}
              </Badge>
            ))}
            {expired && (
              <Badge size="sm" color="red" variant="outline">
                expired
              </Badge>
            )}
          </Group>
          {!mine && token.userName && (
            <Text size="sm" c="dimmed">
              Of {token.userName}
            </Text>
          )}
          <Text size="sm">
            {expired ? 'Expired' : 'Expires'} {formatDate(token.expiresAt)}
            {token.machineIds ? ` · ${token.machineIds.length} machine${token.machineIds.length === 1 ? '' : 's'}` : ' · all machines'}
          </Text>
          <Text size="xs" c="dimmed">
            {token.lastUsedAt ? `Last used ${formatDateTime(token.lastUsedAt)} from ${token.lastUsedIp ?? 'an unknown address'}` : 'Never used'}
          </Text>
          {failure && (
            <Text size="sm" c="red" role="alert">
              {failure}
            </Text>
          )}
        </Stack>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          aria-label={`Revoke ${token.name}`}
          loading={writes.revoke.isPending && writes.revoke.variables === token.id}
          onClick={() =>
            void confirm(`Revoke the token "${token.name}"? Whatever uses it stops working at once.`, 'Revoke').then((ok) => {
              if (ok) {
                setFailure(null);
                writes.revoke.mutate(token.id, { onError: (err) => setFailure(refusal(err, 'Could not revoke the token. Try again.')) });
              }
            })
          }
        >
          Revoke
        </Button>
      </Group>
      {dialog}
    </Card>
  );
}

/** Settings > API tokens (issue 33; every member): personal tokens for scripts, the token shown once. */
export default function ApiTokensTab() {
  const { user } = useSession();
  const tokens = useApiTokens();
  const writes = useApiTokenWrites();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <Stack gap="lg">
      <Card component="section" aria-label="Create an API token">
        <Stack gap="md">
          <Title order={2} fz="lg">
            New API token
          </Title>
          <Text size="sm" c="dimmed">
            A token lets a script or another system (Home Assistant, a shop system) call the Wrenchlog API as you, in this account, limited to its scopes and
            machines. Send it as the header <Code>Authorization: Bearer wl_…</Code>; never in a URL.
          </Text>
          {created && <NewToken created={created} onDone={() => setCreated(null)} />}
          <CreateTokenForm writes={writes} onCreated={setCreated} />
        </Stack>
      </Card>
      <Card component="section" aria-label="API tokens">
        <Stack gap="md">
          <Title order={2} fz="lg">
            API tokens
          </Title>
          {tokens.isPending ? (
            <LoadingState text="Loading tokens..." />
          ) : tokens.isError ? (
            <ErrorState text="Could not load the tokens." onRetry={() => void tokens.refetch()} />
          ) : tokens.data.length === 0 ? (
            <Text c="dimmed">No API tokens yet. Create one above to let a script use Wrenchlog as you.</Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {tokens.data.map((t) => (
                <TokenRow key={t.id} token={t} mine={t.userId === user?.id} writes={writes} />
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
