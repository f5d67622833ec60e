import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../core/context';
import { ApiError } from '../../api/client';
import { fetchBlob, fileNameOf, progressPercent, saveBlob, type DownloadProgress } from './download';
import { useTranslation } from 'react-i18next';
import './i18n';

type State = { kind: 'idle' } | { kind: 'running'; progress: DownloadProgress | null } | { kind: 'failed'; message: string } | { kind: 'done'; name: string };

/**
 * A button that downloads `path` with the session's token and saves it. While it runs it shows the
 * bytes received (a bar when the size is known, else `preparingText` with a moving bar).
 */
export function DownloadButton({
  path,
  accept,
  fallbackName,
  label,
  preparingText,
  variant = 'default',
}: {
  path: string | null;
  accept: string;
  fallbackName: string;
  label: string;
  preparingText: string;
  variant?: 'default' | 'filled' | 'light';
}) {
  const api = useApi();
  const { t } = useTranslation('reports');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  // Leaving the screen stops a download in flight.
  useEffect(() => () => abort.current?.abort(), []);

  async function start() {
    if (!path || state.kind === 'running') {
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'running', progress: null });
    try {
      const { blob, fileName } = await fetchBlob(api, path, accept, (progress) => setState({ kind: 'running', progress }), controller.signal);
      const name = fileNameOf(fileName, fallbackName);
      saveBlob(blob, name);
      setState({ kind: 'done', name });
    } catch (err) {
      if (controller.signal.aborted) {
        return;
      }
      const fields = err instanceof ApiError && Array.isArray(err.body?.errors) ? err.body.errors.map((e) => e.message).filter(Boolean) : [];
      const message =
        fields.length > 0 ? fields.join(' ') : err instanceof ApiError && err.status < 500 && err.body?.message ? err.body.message : t('download.failed');
      setState({ kind: 'failed', message });
    }
  }

  const running = state.kind === 'running';
  const percent = running && state.progress ? progressPercent(state.progress) : null;
  return (
    <Stack gap={6} style={{ minWidth: 0 }}>
      <Button
        variant={variant}
        leftSection={<IconDownload size={16} />}
        onClick={() => void start()}
        disabled={!path || running}
        aria-busy={running || undefined}
      >
        {label}
      </Button>
      {running && (
        <Group gap="xs" wrap="nowrap" role="status" aria-live="polite">
          {percent === null ? (
            <>
              <Progress value={100} animated striped size="sm" style={{ flex: 1, minWidth: 60 }} aria-hidden />
              <Text size="xs" c="dimmed">
                {preparingText}
              </Text>
            </>
          ) : (
            <>
              <Progress value={percent} size="sm" style={{ flex: 1, minWidth: 60 }} aria-label={t('download.progress', { label })} />
              <Text size="xs" c="dimmed">
                {percent}%
              </Text>
            </>
          )}
        </Group>
      )}
      {state.kind === 'failed' && (
        <Text size="xs" c="red.8" role="alert">
          {state.message}
        </Text>
      )}
      {state.kind === 'done' && (
        <Text size="xs" c="dimmed" role="status">
          {t('download.saved', { name: state.name })}
        </Text>
      )}
    </Stack>
  );
}
