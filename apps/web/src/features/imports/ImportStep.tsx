import { Alert, Button, Card, Group, Progress, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ImportCommitMode, ImportCounts, ImportView } from '@wrenchlog/contracts';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCommitImport, useRecordsChanged } from './api';
import { RevertButton } from './RevertButton';
import { defaultMode, importErrorText, isRunning, modeBlocker, plural, progressLabel, progressPercent, rowsToImport } from './review-logic';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value.toLocaleString('en-US')}
      </Text>
    </div>
  );
}

/** The counts and links of a finished import (also what a history row opens). */
export function ImportResult({ view, onAnother }: { view: ImportView; onAnother?: () => void }) {
  const ok = view.state === 'done';
  const reverted = view.state === 'reverted';
  return (
    <Stack gap="md">
      {ok && (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} title="Import finished" role="status">
          {plural(view.counts.written, 'record was', 'records were')} imported from {view.fileName}.
        </Alert>
      )}
      {view.state === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The import failed" role="alert">
          {view.error ?? 'The import could not finish.'} {view.counts.written > 0 ? '' : 'Nothing was written.'}
        </Alert>
      )}
      {reverted && (
        <Alert color="gray" variant="light" title="Reverted" role="status">
          The records this import created were deleted.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 3 }} spacing="sm" aria-label="Import counts">
        <Figure label="Imported" value={view.counts.written} />
        <Figure label="Skipped" value={view.counts.skipped} />
        <Figure label="Failed" value={view.counts.failed} />
      </SimpleGrid>
      <Group gap="sm">
        <Button component={Link} to="/machines" variant="default">
          Go to machines
        </Button>
        <Button component={Link} to="/settings?tab=import" variant="default">
          Import history
        </Button>
        {onAnother && (
          <Button variant="default" onClick={onAnother}>
            Import another file
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
        <Radio.Group value={mode} onChange={(v) => setMode(v as ImportCommitMode)} label="How to import" labelProps={{ fw: 600, mb: 'xs' }}>
          <Stack gap="sm">
            <Radio value="all_or_nothing" label="All or nothing" description="Import every row, or nothing if any row fails." />
            <Radio
              value="skip_invalid"
              label="Skip invalid rows"
              description={`Import the ${plural(rowsToImport(counts, 'skip_invalid', skippedDuplicates), 'row', 'rows')} that passed and leave out the ${plural(counts.errors, 'row', 'rows')} with errors.`}
            />
          </Stack>
        </Radio.Group>
        {blocker && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            {blocker}
          </Alert>
        )}
        {commit.isError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" title="The import did not start">
            {importErrorText(commit.error)}
          </Alert>
        )}
        <Group>
          <Button disabled={!!blocker} loading={commit.isPending} onClick={() => commit.mutate(mode)}>
            Import {plural(rowsToImport(counts, mode, skippedDuplicates), 'row', 'rows')}
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
          {view.state === 'importing' ? 'Importing...' : 'Reverting...'}
        </Title>
        <Progress value={percent} size="xl" animated aria-label="Import progress" aria-valuetext={`${percent}%, ${progressLabel(view.progress)}`} />
        <Text size="sm" mt="xs" aria-live="polite">
          {progressLabel(view.progress)} ({percent}%)
        </Text>
        <Text size="sm" c="dimmed" mt="xs">
          You can leave this page: the import goes on, and its history shows how it ended.
        </Text>
      </Card>
    );
  }
  return <ImportResult view={view} onAnother={onAnother} />;
}
