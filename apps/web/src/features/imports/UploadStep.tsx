import { Alert, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileUpload } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { sourceTitle, type SourceCard } from './import-sources';
import { fileSize, maxFileText } from './review-logic';
import { useTranslation } from 'react-i18next';
import './i18n';

export interface UploadStepProps {
  card: SourceCard;
  file: File | null;
  onFile: (file: File) => void;
  /** The refusal to show under the drop zone (the server's field message, or the size check). */
  error: string;
}

/** Step 2: a file dropped on the zone or chosen with the button (the button is the keyboard's way). */
export function UploadStep({ card, file, onFile, error }: UploadStepProps) {
  const [over, setOver] = useState(false);
  const { t } = useTranslation('imports');
  const drop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const dropped = e.dataTransfer.files?.[0];
    if (dropped) {
      onFile(dropped);
    }
  };
  const zip = card.id === 'wrenchlog-export';
  return (
    <Stack gap="sm">
      <Paper
        withBorder
        p="xl"
        radius="md"
        data-testid="import-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: over ? 'var(--mantine-color-blue-5)' : error ? 'var(--mantine-color-red-6)' : undefined,
          background: over ? 'var(--mantine-color-blue-0)' : undefined,
        }}
      >
        <Stack align="center" gap="xs">
          <IconFileUpload size={36} aria-hidden />
          <Text fw={600} ta="center">
            {zip ? t('upload.dropZip') : t('upload.dropCsv', { title: sourceTitle(card.id) })}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {t(zip ? 'upload.hintZip' : 'upload.hintCsv', { max: maxFileText(card.id) })}
          </Text>
          <FileButton onChange={(f) => f && onFile(f)} accept={card.accept}>
            {(props) => (
              <Button variant="default" {...props}>
                {t('upload.choose')}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Paper>
      {file && (
        <Group gap="xs" aria-live="polite">
          <Text size="sm">
            {t('upload.chosen')} <b>{file.name}</b> ({fileSize(file.size)})
          </Text>
        </Group>
      )}
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" title={t('upload.notAccepted')}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
