import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { IMAGE_BACKFILL_DEFAULT_LIMIT } from '@wrenchlog/contracts/limits';
import { useApi } from '../../core/context';
import { ErrorState, LoadingState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { adminApi, adminKeys, type JobView } from './admin-api';
import { anyRunning, BACKFILL_JOB_ID, JOB_STATUS_COLORS, jobFailureText, jobStatusLabel, parseLimit } from './admin-logic';
import { useTranslation } from 'react-i18next';
import './i18n';

/** How often the list is re-read while a job runs, so its status changes live. */
export const JOB_POLL_MS = 1000;

function JobCard({
  job,
  starting,
  failure,
  limit,
  onLimit,
  onRun,
}: {
  job: JobView;
  starting: boolean;
  failure: string | undefined;
  limit: string;
  onLimit: (v: string) => void;
  onRun: () => void;
}) {
  const running = job.status === 'Running';
  const isBackfill = job.id === BACKFILL_JOB_ID;
  const limitError = isBackfill ? parseLimit(limit).error : null;
  const { t } = useTranslation('admin');
  return (
    <Card withBorder padding="md" component="article" aria-label={job.name}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700}>{job.name}</Text>
          <Badge
            color={JOB_STATUS_COLORS[job.status]}
            variant="light"
            leftSection={running ? <Loader size={10} color="blue" /> : undefined}
            aria-label={t('jobs.status', { status: jobStatusLabel(job.status) })}
            style={{ flexShrink: 0, overflow: 'visible' }}
            maw="none"
          >
            {jobStatusLabel(job.status)}
          </Badge>
        </Group>
        <Text size="sm">
          <Text span c="dimmed">
            {t('jobs.lastRun')}{' '}
          </Text>
          {job.lastRun ? formatDateTime(job.lastRun) : t('jobs.never')}
        </Text>
        {/* A failure alert that already quotes the job's message replaces it. */}
        {!(failure && job.message && failure === jobFailureText(job.message)) && (
          <Text size="sm" c={job.status === 'Failed' ? 'red' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {job.message || t('jobs.noMessage')}
          </Text>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {failure}
          </Alert>
        )}
        <Group align="flex-end" gap="sm" mt="auto">
          {isBackfill && (
            <TextInput
              label={t('jobs.limit')}
              description={t('jobs.limitHint')}
              inputMode="numeric"
              value={limit}
              onChange={(e) => onLimit(e.currentTarget.value)}
              error={limitError}
              w={150}
            />
          )}
          <Button
            leftSection={<IconPlayerPlay size={14} />}
            onClick={onRun}
            disabled={running || starting || Boolean(limitError)}
            aria-label={t('jobs.runNowOne', { name: job.name })}
          >
            {t('jobs.runNow')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function JobsSection() {
  const api = useApi();
  const queryClient = useQueryClient();
  // Re-read while any job runs, and stop once every job has ended.
  const jobs = useQuery({
    queryKey: adminKeys.jobs,
    queryFn: () => adminApi.jobs(api),
    refetchInterval: (q) => (anyRunning(q.state.data) ? JOB_POLL_MS : false),
  });
  const [limit, setLimit] = useState(String(IMAGE_BACKFILL_DEFAULT_LIMIT));
  const [starting, setStarting] = useState<ReadonlySet<number>>(new Set());
  const [failures, setFailures] = useState<Record<number, string>>({});
  // Runs started from this screen: when one ends Failed, its reason is shown as the failure text.
  const started = useRef(new Set<number>());
  const { t } = useTranslation('admin');

  useEffect(() => {
    for (const job of jobs.data ?? []) {
      if (started.current.has(job.id) && job.status !== 'Running') {
        started.current.delete(job.id);
        if (job.status === 'Failed') {
          setFailures((f) => ({ ...f, [job.id]: jobFailureText(job.message) }));
        }
      }
    }
  }, [jobs.data]);

  const run = async (job: JobView) => {
    const params = job.id === BACKFILL_JOB_ID ? parseLimit(limit) : null;
    if (params && params.limit === null) {
      return;
    }
    setStarting((s) => new Set(s).add(job.id));
    setFailures(({ [job.id]: _, ...rest }) => rest);
    try {
      const updated = await adminApi.runJob(api, job.id, params ? { limit: params.limit } : undefined);
      started.current.add(job.id);
      queryClient.setQueryData<JobView[]>(adminKeys.jobs, (list) => list?.map((j) => (j.id === updated.id ? updated : j)));
    } catch (err) {
      setFailures((f) => ({ ...f, [job.id]: jobFailureText(err instanceof Error ? err.message : String(err)) }));
      void jobs.refetch();
    } finally {
      setStarting((s) => {
        const next = new Set(s);
        next.delete(job.id);
        return next;
      });
    }
  };

  if (jobs.isPending) {
    return <LoadingState text={t('jobs.loading')} />;
  }
  if (jobs.isError && !jobs.data) {
    return <ErrorState text={t('jobs.failed')} onRetry={() => void jobs.refetch()} />;
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {jobs.data.map((job) => (
        <JobCard
          key={job.id}
          job={job}
          starting={starting.has(job.id)}
          failure={failures[job.id]}
          limit={limit}
          onLimit={setLimit}
          onRun={() => void run(job)}
        />
      ))}
    </SimpleGrid>
  );
}
