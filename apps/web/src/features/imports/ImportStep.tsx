import { Alert, Button, Card, Group, Progress, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ImportCommitMode, ImportCounts, ImportView } from '@wrenchlog/contracts';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCommitImport, useRecordsChanged } from './api';
import { RevertButton } from './RevertButton';
import { counted, defaultMode, fmt, importErrorText, isRunning, modeBlocker, progressLabel, progressPercent, rowsToImport } from './review-logic';
import { useTranslation } from 'react-i18next';
import './i18n';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {fmt(value)}
      </Text>
    </div>
  );
}

/** The counts and links of a finished import (also what a history row opens). */
export function ImportResult({ view, onAnother }: { view: ImportView; onAnother?: () => void }) {
  const ok = view.state === 'done';
  const reverted = view.state === 'reverted';
  const { t } = useTranslation('imports');
  return (
    <Stack gap="md">
      {ok && (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} title={t('result.finished')} role="status">
          {counted('result.finishedText', view.counts.written, { file: view.fileName })}
        </Alert>
      )}
      {view.state === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('result.failedTitle')} role="alert">
          {view.error ?? t('result.couldNotFinish')} {view.counts.written > 0 ? '' : t('result.nothingWritten')}
        </Alert>
      )}
      {reverted && (
        <Alert color="gray" variant="light" title={t('result.reverted')} role="status">
          {t('result.revertedText')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 3 }} spacing="sm" aria-label={t('result.countsLabel')}>
        <Figure label={t('result.imported')} value={view.counts.written} />
        <Figure label={t('result.skipped')} value={view.counts.skipped} />
        <Figure label={t('result.failed')} value={view.counts.failed} />
      </SimpleGrid>
      <Group gap="sm">
        <Button component={Link} to="/machines" variant="default">
          {t('result.goMachines')}
        </Button>
        <Button component={Link} to="/settings?tab=import" variant="default">
          {t('result.history')}
        </Button>
        {onAnother && (
          <Button variant="default" onClick={onAnother}>
            {t('result.another')}
          </Button>
        )}
        <RevertButton view={view} />
      </Group>
    </Stack>
  );
}

export interface ImportStepProps {
  counts: ImportCounts;
  view: ImportView;
  onAnother: () => void;
}

/** Step 5: the mode, then the progress (read every second), then the result. */
export function ImportStep({ counts, view, onAnother }: ImportStepProps) {
  const [mode, setMode] = useState<ImportCommitMode>(() => defaultMode(counts));
  const commit = useCommitImport(view.id);
  const { t } = useTranslation('imports');
  const recordsChanged = useRecordsChanged();
  // Lists of records go stale once, when a run this screen watched ends.
  const watched = useRef(false);
  useEffect(() => {
    if (isRunning(view)) {
      watched.current = true;
    } else if (watched.current) {
      watched.current = false;
      void recordsChanged();
    }
  }, [view, recordsChanged]);

  if (view.state === 'uploaded' || view.state === 'validated') {
    const blocker = modeBlocker(counts, mode);
    // Duplicates the user did not choose to import anyway are skipped (GET /api/imports/{id} counts them).
    const skippedDuplicates = view.duplicatesSkipped ?? 0;
    return (
      <Stack gap="md">
        <Radio.Group value={mode} onChange={(v) => setMode(v as ImportCommitMode)} label={t('commit.howTo')} labelProps={{ fw: 600, mb: 'xs' }}>
          <Stack gap="sm">
            <Radio value="all_or_nothing" label={t('commit.allOrNothing')} description={t('commit.allOrNothingHint')} />
            <Radio
              value="skip_invalid"
              label={t('commit.skipInvalid')}
              description={t('commit.skipInvalidHint', {
                passed: counted('commit.rows', rowsToImport(counts, 'skip_invalid', skippedDuplicates)),
                failed: counted('commit.rows', counts.errors),
              })}
            />
          </Stack>
        </Radio.Group>
        {blocker && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {blocker}
          </Alert>
        )}
        {commit.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" title={t('commit.notStarted')}>
            {importErrorText(commit.error)}
          </Alert>
        )}
        <Group>
          <Button disabled={!!blocker} loading={commit.isPending} onClick={() => commit.mutate(mode)}>
            {t('commit.importRows', { rows: counted('commit.rows', rowsToImport(counts, mode, skippedDuplicates)) })}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (isRunning(view)) {
    const percent = progressPercent(view.progress);
    return (
      <Card withBorder>
        <Title order={3} fz="md" mb="sm">
          {view.state === 'importing' ? t('commit.importing') : t('commit.reverting')}
        </Title>
        <Progress
          value={percent}
          size="xl"
          animated
          aria-label={t('commit.progressLabel')}
          aria-valuetext={t('commit.progressValue', { percent, progress: progressLabel(view.progress) })}
        />
        <Text size="sm" mt="xs" aria-live="polite">
          {t('commit.progressText', { progress: progressLabel(view.progress), percent })}
        </Text>
        <Text size="sm" c="dimmed" mt="xs">
          {t('commit.canLeave')}
        </Text>
      </Card>
    );
  }
  return <ImportResult view={view} onAnother={onAnother} />;
}
