import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useExport, useStartExport } from './api';
import { importErrorText } from './review-logic';

/** "Download all my data" (a ZIP built in the background, then a signed, expiring link) and Restore. */
export function ExportSection() {
  const start = useStartExport();
  const [exportId, setExportId] = useState<number | null>(null);
  const job = useExport(exportId);
  const ready = job.data?.url ? job.data.url : null;
  const failed = job.data?.state === 'failed';
  const building = exportId !== null && !ready && !failed && !job.isError;
  return (
    <Card component="section" aria-labelledby="export-title">
      <Title order={2} fz="lg" id="export-title" mb="xs">
        Export
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A ZIP of everything you keep here: a manifest, one CSV per kind of record, and your photos.
        </Text>
        <Group gap="sm">
          <Button
            leftSection={<IconDownload size={16} />}
            loading={start.isPending}
            disabled={building}
            onClick={() => start.mutate(undefined, { onSuccess: (s) => setExportId(s.id) })}
          >
            Download all my data
          </Button>
          <Button component={Link} to="/import?source=wrenchlog-export" variant="default" leftSection={<IconRestore size={16} />}>
            Restore
          </Button>
        </Group>
        <div aria-live="polite">
          {building && (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">Preparing your export...</Text>
            </Group>
          )}
          {ready && (
            <Alert color="green" variant="light" title="Your export is ready">
              <Button component="a" href={ready} download size="xs" leftSection={<IconDownload size={14} />}>
                Download the ZIP
              </Button>
              <Text size="xs" c="dimmed" mt={6}>
                The link works for a limited time; start a new export for a fresh one.
              </Text>
            </Alert>
          )}
        </div>
        {(start.isError || job.isError || failed) && (
          <Text c="red" size="sm" role="alert">
            {failed ? (job.data?.error ?? 'The export failed. Please try again.') : importErrorText(start.error ?? job.error)}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Restore takes such a ZIP back, in this account or on another Wrenchlog, through the same review as any import.
        </Text>
      </Stack>
    </Card>
  );
}
