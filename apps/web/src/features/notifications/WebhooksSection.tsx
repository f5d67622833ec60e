import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  MultiSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconRefresh, IconSend, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookEventType } from '@wrenchlog/contracts';
import { WEBHOOK_EVENTS } from '@wrenchlog/contracts/limits';
import { useApi } from '../../core/context';
import { ApiError } from '../../api/client';
import { useConfirm } from '../../components/confirm';
import { ErrorState, LoadingState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { errorsAfterSubmit, touchAll } from '../../core/forms/error-timing';
import { serverFieldErrors, unplacedMessages } from '../../core/forms/server-errors';
import {
  notificationApi,
  notificationKeys,
  useCreateWebhook,
  useDeleteWebhook,
  useRetryDelivery,
  useTestWebhook,
  type CreatedWebhook,
  type Webhook,
} from './api';
import { canRetry, WEBHOOK_EVENT_GROUPS, webhookUrlError } from './notification-logic';
import './i18n';

function failure(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status < 500 && err.body?.message ? err.body.message : fallback;
}

export function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code block style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon variant="light" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={copied ? `${label} copied` : `Copy ${label}`}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const api = useApi();
  const deliveries = useQuery({ queryKey: notificationKeys.deliveries(webhook.id), queryFn: () => notificationApi.deliveries(api, webhook.id), staleTime: 0 });
  const retry = useRetryDelivery(webhook.id);
  if (deliveries.isPending) {
    return <LoadingState text="Loading deliveries..." />;
  }
  if (deliveries.isError) {
    return <ErrorState text="Could not load the delivery log." onRetry={() => void deliveries.refetch()} />;
  }
  const rows = deliveries.data;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Delivery log
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void deliveries.refetch()}
          loading={deliveries.isFetching}
        >
          Refresh
        </Button>
      </Group>
      {retry.isError && (
        <Text c="red" size="sm" role="alert">
          {failure(retry.error, 'Could not retry the delivery.')}
        </Text>
      )}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No deliveries yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label={`Deliveries to ${webhook.url}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>HTTP status</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td title={d.lastAttemptAt ?? d.createdAt}>{formatDateTime(d.lastAttemptAt ?? d.createdAt)}</Table.Td>
                  <Table.Td>{d.event}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={d.status === 'delivered' ? 'green' : d.status === 'pending' ? 'yellow' : 'red'}
                      title={d.error ?? undefined}
                      tt="none"
                    >
                      {d.httpStatus ?? 'none'} · {d.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{d.attempts}</Table.Td>
                  <Table.Td>
                    {canRetry(d) && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => retry.mutate(d.id)}
                        loading={retry.isPending && retry.variables === d.id}
                        aria-label={`Retry delivery ${d.id}`}
                      >
                        Retry
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function WebhookCard({ webhook, onDelete }: { webhook: Webhook; onDelete: (w: Webhook) => void }) {
  const [showLog, setShowLog] = useState(false);
  const test = useTestWebhook(webhook.id);
  return (
    <Card withBorder padding="sm" component="article" aria-label={`Webhook ${webhook.url}`}>
      <Stack gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {webhook.url}
        </Text>
        <Group gap={4}>
          {webhook.events.map((e) => (
            <Badge key={e} size="sm" variant="outline" tt="none">
              {e}
            </Badge>
          ))}
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconSend size={14} />}
            onClick={() => test.mutate(undefined, { onSuccess: () => setShowLog(true) })}
            loading={test.isPending}
          >
            Send test
          </Button>
          <Button size="xs" variant="default" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
            {showLog ? 'Hide delivery log' : 'Delivery log'}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => onDelete(webhook)}
            aria-label={`Delete webhook ${webhook.url}`}
          >
            Delete
          </Button>
        </Group>
        {test.isSuccess && (
          <Text size="sm" c="green" role="status">
            Test event sent.
          </Text>
        )}
        {test.isError && (
          <Text size="sm" c="red" role="alert">
            {failure(test.error, 'Could not send the test event.')}
          </Text>
        )}
        {showLog && <DeliveryLog webhook={webhook} />}
      </Stack>
    </Card>
  );
}

type WebhookValues = { url: string; events: WebhookEventType[] };

function AddWebhookForm({ onCreated }: { onCreated: (w: CreatedWebhook) => void }) {
  const { t } = useTranslation('notifications');
  const create = useCreateWebhook();
  const form = useForm<WebhookValues>({
    initialValues: { url: '', events: ['schedule.due_soon', 'schedule.overdue'] },
    validate: {
      url: webhookUrlError,
      events: (events) => (events.length === 0 ? 'Choose at least one event' : undefined),
    },
    ...errorsAfterSubmit<WebhookValues>(),
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const eventsInput = form.getInputProps('events');

  async function add({ url, events }: WebhookValues) {
    setBusy(true);
    setError(null);
    try {
      const created = await create.mutateAsync({ url: url.trim(), events });
      form.resetTouched();
      form.setFieldValue('url', '');
      form.clearErrors();
      onCreated(created);
    } catch (err) {
      console.error('Adding the webhook failed', err);
      const f = serverFieldErrors(err);
      form.setErrors(f);
      const rest = unplacedMessages(f, ['url', 'events']);
      setError(rest.length ? rest.join(' ') : Object.keys(f).length ? null : failure(err, 'Could not add the webhook. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  // A tried submit shows the messages from then on, until a webhook is added.
  const onSubmit = form.onSubmit(
    (values) => {
      touchAll(form);
      if (!busy) {
        void add(values);
      }
    },
    () => touchAll(form),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add webhook">
      <Stack gap="sm">
        {error && <Alert color="red" variant="light" role="alert" title={error} />}
        <TextInput label="Endpoint URL" placeholder="https://example.com/hooks/wrenchlog" type="url" {...form.getInputProps('url')} required maxLength={2000} />
        <MultiSelect
          label="Events"
          data={WEBHOOK_EVENT_GROUPS.map((g) => ({ group: t(`webhookGroups.${g.key}`), items: [...g.events] }))}
          {...eventsInput}
          // In the contract's order, whatever order they were picked in.
          onChange={(values: string[]) => eventsInput.onChange(WEBHOOK_EVENTS.filter((e) => values.includes(e)))}
          searchable
          clearable
          required
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Add webhook
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Settings > Webhooks: signed endpoints with their events, a test, the delivery log and Retry. */
export function WebhooksSection() {
  const api = useApi();
  const deleteWebhook = useDeleteWebhook();
  const { confirm, dialog } = useConfirm();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const hooks = useQuery({ queryKey: notificationKeys.webhooks, queryFn: () => notificationApi.webhooks(api), staleTime: 0 });

  async function remove(webhook: Webhook) {
    if (!(await confirm(`Delete the webhook to ${webhook.url}? It gets no more events.`))) {
      return;
    }
    setDeleteError(null);
    try {
      await deleteWebhook.mutateAsync(webhook.id);
      if (created?.id === webhook.id) {
        setCreated(null);
      }
    } catch (err) {
      console.error('Deleting the webhook failed', err);
      setDeleteError(failure(err, 'Could not delete the webhook.'));
    }
  }

  const list = hooks.data ?? [];
  return (
    <Card component="section" aria-label="Webhooks">
      <Title order={2} fz="lg" mb={4}>
        Webhooks
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Wrenchlog posts each chosen event to your endpoints, signed with the endpoint's own secret (Standard Webhooks).
      </Text>
      <Stack gap="md">
        {created && (
          <Alert color="green" variant="light" role="status" title="Webhook added" withCloseButton closeButtonLabel="Dismiss" onClose={() => setCreated(null)}>
            <Stack gap="xs">
              <Text size="sm">Copy the signing secret now: it is shown only this once.</Text>
              <CopyField label="Signing secret" value={created.secret} />
            </Stack>
          </Alert>
        )}
        {deleteError && (
          <Text c="red" size="sm" role="alert">
            {deleteError}
          </Text>
        )}
        {hooks.isPending ? (
          <LoadingState text="Loading webhooks..." />
        ) : hooks.isError ? (
          <ErrorState text="Could not load the webhooks." onRetry={() => void hooks.refetch()} />
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            No webhooks yet.
          </Text>
        ) : (
          list.map((w) => <WebhookCard key={w.id} webhook={w} onDelete={(hook) => void remove(hook)} />)
        )}
        <AddWebhookForm onCreated={setCreated} />
      </Stack>
      {dialog}
    </Card>
  );
}
