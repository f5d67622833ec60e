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
import { useTranslation } from 'react-i18next';
import './i18n';

type Writes = ReturnType<typeof useApiTokenWrites>;

const FIELDS = ['name', 'scopes', 'expiresAt', 'machineIds'];
const NAME_MAX = 100;
// How a script sends a token: code, the same in every language.
const HEADER_EXAMPLE = 'Authorization: Bearer wl_…';

/** The new token, shown this once with a copy button; gone from the screen when dismissed. */
function NewToken({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  return (
    <Alert color="teal" variant="light" title={t('tokens.created', { name: created.name })} role="status">
      <Stack gap="xs">
        <Text size="sm">{t('tokens.copyNow')}</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code block style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="new-api-token">
            {created.token}
          </Code>
          <CopyButton value={created.token}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('tokens.copied') : t('tokens.copy')} withArrow>
                <ActionIcon
                  variant="light"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={copied ? t('tokens.tokenCopied') : t('tokens.copyToken')}
                  size="lg"
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onDone}>
            {t('tokens.done')}
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
  const { t } = useTranslation('accounts');
  return (
    <form
      aria-label={t('tokens.formLabel')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const local: Record<string, string> = {};
        if (!name.trim()) {
          local.name = t('tokens.nameRequired');
        }
        if (scopes.length === 0) {
          local.scopes = t('tokens.scopesRequired');
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
              setFailure(allPlaced ? null : (rest[0] ?? refusal(err, t('tokens.createFailed'))));
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('tokens.name')}
            description={t('tokens.nameHint')}
            required
            maxLength={NAME_MAX}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fields.name}
            style={{ flex: '1 1 220px' }}
          />
          <DateField
            label={t('tokens.expiresOn')}
            description={t('tokens.expiresHint')}
            minDate={dayFromToday(1)}
            maxDate={dayFromToday(365)}
            value={expiresAt}
            onChange={setExpiresAt}
            error={fields.expiresAt}
            style={{ flex: '1 1 180px' }}
          />
        </Group>
        <Checkbox.Group
          label={t('tokens.scopes')}
          description={t('tokens.scopesHint')}
          value={scopes}
          onChange={(v) => setScopes(v as ApiTokenScope[])}
          error={fields.scopes}
        >
          <Group gap="md" mt={6}>
            <Checkbox value="read" label={t('tokens.read')} />
            <Checkbox value="write" label={t('tokens.write')} />
          </Group>
        </Checkbox.Group>
        <MachineAssignment
          value={machineIds}
          onChange={setMachineIds}
          error={fields.machineIds}
          description={t('tokens.machinesHint')}
          listLabel={t('tokens.machinesList')}
        />
        {failure && (
          <Text role="alert" c="red" size="sm">
            {failure}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconKey size={16} />} loading={writes.create.isPending}>
            {t('tokens.create')}
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
  const { t } = useTranslation('accounts');
  const expiry = t(expired ? 'tokens.expired' : 'tokens.expires', { date: formatDate(token.expiresAt) });
  return (
    <Card withBorder padding="sm" component="li" aria-label={t('tokens.rowLabel', { name: token.name })}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Text>
            <Code>{token.prefix}…</Code>
            {token.scopes.map((s) => (
              <Badge key={s} size="sm" variant="light" color={s === 'write' ? 'orange' : 'blue'}>
                {s === 'read' || s === 'write' ? t(`tokens.scope.${s}`) : s}
              </Badge>
            ))}
            {expired && (
              <Badge size="sm" color="red" variant="outline">
                {t('tokens.expiredBadge')}
              </Badge>
            )}
          </Group>
          {!mine && token.userName && (
            <Text size="sm" c="dimmed">
              {t('tokens.of', { name: token.userName })}
            </Text>
          )}
          <Text size="sm">
            {t('tokens.withMachines', {
              expiry,
              machines: token.machineIds ? t('machines.count', { count: token.machineIds.length }) : t('tokens.allMachines'),
            })}
          </Text>
          <Text size="xs" c="dimmed">
            {token.lastUsedAt
              ? t('tokens.lastUsed', { time: formatDateTime(token.lastUsedAt), ip: token.lastUsedIp ?? t('tokens.unknownIp') })
              : t('tokens.neverUsed')}
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
          aria-label={t('tokens.revokeOne', { name: token.name })}
          loading={writes.revoke.isPending && writes.revoke.variables === token.id}
          onClick={() =>
            void confirm(t('tokens.revokeConfirm', { name: token.name }), t('tokens.revoke')).then((ok) => {
              if (ok) {
                setFailure(null);
                writes.revoke.mutate(token.id, { onError: (err) => setFailure(refusal(err, t('tokens.revokeFailed'))) });
              }
            })
          }
        >
          {t('tokens.revoke')}
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
  const { t } = useTranslation('accounts');
  return (
    <Stack gap="lg">
      <Card component="section" aria-label={t('tokens.formLabel')}>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('tokens.newTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('tokens.intro')} <Code>{HEADER_EXAMPLE}</Code>
            {t('tokens.introEnd')}
          </Text>
          {created && <NewToken created={created} onDone={() => setCreated(null)} />}
          <CreateTokenForm writes={writes} onCreated={setCreated} />
        </Stack>
      </Card>
      <Card component="section" aria-label={t('tokens.listLabel')}>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('tokens.title')}
          </Title>
          {tokens.isPending ? (
            <LoadingState text={t('tokens.loading')} />
          ) : tokens.isError ? (
            <ErrorState text={t('tokens.loadFailed')} onRetry={() => void tokens.refetch()} />
          ) : tokens.data.length === 0 ? (
            <Text c="dimmed">{t('tokens.empty')}</Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {tokens.data.map((token) => (
                <TokenRow key={token.id} token={token} mine={token.userId === user?.id} writes={writes} />
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
