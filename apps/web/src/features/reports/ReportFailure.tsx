import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiError } from '../../api/client';
import { ErrorState } from '../../components/states';
import { useTranslation } from 'react-i18next';
import './i18n';

/** The server's own words for a refused request (4xx): its message, or its field messages. */
export function refusalMessages(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status >= 500 || error.status < 400) {
    return [];
  }
  const fields = Array.isArray(error.body?.errors) ? error.body.errors.map((e) => e.message).filter((m): m is string => typeof m === 'string' && m !== '') : [];
  if (fields.length > 0) {
    return fields;
  }
  return error.body?.message ? [error.body.message] : [];
}

/**
 * A failed report: a refused request shows why (e.g. a period that ends before it starts), anything
 * else the usual connection message with Retry.
 */
export function ReportFailure({ error, text, onRetry }: { error: unknown; text: string; onRetry: () => void }) {
  const messages = refusalMessages(error);
  const { t } = useTranslation('reports');
  if (messages.length === 0) {
    return <ErrorState text={text} onRetry={onRetry} />;
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" title={t('failure.title')}>
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <List size="sm">
          {messages.map((m) => (
            <List.Item key={m}>{m}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
