import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useExport, useStartExport } from './api';
import { importErrorText } from './review-logic';
import { useTranslation } from 'react-i18next';
import './i18n';

/** "Download all my data" (a ZIP built in the background, then a signed, expiring link) and Restore. */
export function ExportSection() {
  const start = useStartExport();
  const { t } = useTranslation('imports');
  const [exportId, setExportId] = useState<number | null>(null);
  const job = useExport(exportId);
  const ready = job.data?.url ? job.data.url : null;
  const failed = job.data?.state === 'failed';
  const building = exportId !== null && !ready && !failed && !job.isError;
  return (
    <Card component="section" aria-labelledby="export-title">
      <Title order={2} fz="lg" id="export-title" mb="xs">
        {t('export.title')}
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('export.text')}
        </Text>
        <Group gap="sm">
          <Button
            leftSection={<IconDownload size={16} />}
            loading={start.isPending}
            disabled={building}
            onClick={() => start.mutate(undefined, { onSuccess: (s) => setExportId(s.id) })}
          >
            {t('export.download')}
          </Button>
          <Button component={Link} to="/import?source=wrenchlog-export" variant="default" leftSection={<IconRestore size={16} />}>
            {t('export.restore')}
          </Button>
        </Group>
        <div aria-live="polite">
          {building && (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">{t('export.preparing')}</Text>
            </Group>
          )}
          {ready && (
            <Alert color="green" variant="light" title={t('export.ready')}>
              <Button component="a" href={ready} download size="xs" leftSection={<IconDownload size={14} />}>
                {t('export.downloadZip')}
              </Button>
              <Text size="xs" c="dimmed" mt={6}>
                {t('export.linkLimited')}
              </Text>
            </Alert>
          )}
        </div>
        {(start.isError || job.isError || failed) && (
          <Text c="red" size="sm" role="alert">
            {failed ? (job.data?.error ?? t('export.failed')) : importErrorText(start.error ?? job.error)}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t('export.restoreText')}
        </Text>
      </Stack>
    </Card>
  );
}
