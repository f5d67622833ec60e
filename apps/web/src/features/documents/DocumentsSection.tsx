import { ActionIcon, Alert, Anchor, Button, Card, Group, Loader, Progress, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useRights } from '../../core/rights';
import { IconFileTypePdf, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DocumentView } from '@wrenchlog/contracts';
import { useId, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useServices } from '../../core/context';
import { useConfirm } from '../../components/confirm';
import { ErrorState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { documentKeys, documentsApi, useDeleteDocument, useUploadDocument, type DocumentParentPath } from './documents-api';
import { fileProblem, formatBytes, MAX_FILE_MB } from './documents-logic';
import { useTranslation } from 'react-i18next';
import './i18n';

/**
 * The Documents section of a machine, service record, fuel record or part purchase (issue 18):
 * PDFs listed with name, size and date, opened in a new tab through their signed link, added with
 * upload progress and deleted after a confirmation. Renders nothing when the record itself is
 * not found (its page says so).
 */
export function DocumentsSection({ parent, parentId }: { parent: DocumentParentPath; parentId: number }) {
  const { api } = useServices();
  const { t } = useTranslation('documents');
  const key = documentKeys.of(parent, parentId);
  const rights = useRights();
  // A role without documents (an operator) is not shown the section, nor asks for it.
  const documents = useQuery({ queryKey: key, queryFn: () => documentsApi.list(api, parent, parentId), enabled: rights.may('document.read') });
  const { confirm, dialog } = useConfirm();
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = useUploadDocument(parent, parentId, setProgress);
  const mayWrite = rights.may('document.write');
  const remove = useDeleteDocument(parent, parentId);

  if (!rights.may('document.read') || (documents.error instanceof ApiError && documents.error.status === 404)) {
    return null;
  }

  const chosen = (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) {
      input.current.value = '';
    }
    if (!file) {
      return;
    }
    const problem = fileProblem(file);
    setError(problem ?? null);
    if (!problem) {
      setProgress(0);
      upload.mutate(file, { onError: (err) => setError(messageOf(err, t('uploadFailed'))), onSettled: () => setProgress(null) });
    }
  };

  const askDelete = async (doc: DocumentView) => {
    if (await confirm(t('confirmDelete', { name: doc.fileName }), t('confirm.delete', { ns: 'common' }))) {
      setError(null);
      remove.mutate(doc, { onError: (err) => setError(messageOf(err, t('deleteFailed'))) });
    }
  };

  const list = documents.data ?? [];
  return (
    <Card component="section" aria-labelledby={titleId} withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} id={titleId}>
            {t('title')}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('hint', { max: MAX_FILE_MB })}
            </Text>
            {mayWrite && (
              <Button leftSection={<IconPaperclip size={16} />} variant="light" onClick={() => input.current?.click()} loading={upload.isPending}>
                {t('add')}
              </Button>
            )}
          </Group>
        </Group>
        <input ref={input} type="file" accept="application/pdf,.pdf" hidden aria-label={t('fileInput')} onChange={(e) => chosen(e.currentTarget.files)} />
        {progress !== null && (
          <Stack gap={4}>
            <Text size="sm">{t('uploading', { percent: progress })}</Text>
            <Progress value={progress} aria-label={t('progress')} />
          </Stack>
        )}
        {error && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {documents.isPending ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('loading')}</Text>
          </Group>
        ) : documents.isError ? (
          <ErrorState text={t('loadFailed')} onRetry={() => void documents.refetch()} />
        ) : list.length === 0 ? (
          <Text c="dimmed">{t('empty')}</Text>
        ) : (
          // On a phone the table scrolls inside the card, never the page.
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.name')}</Table.Th>
                  <Table.Th>{t('columns.size')}</Table.Th>
                  <Table.Th>{t('columns.added')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((doc) => (
                  <Table.Tr key={doc.id}>
                    <Table.Td>
                      <Anchor href={doc.url} target="_blank" rel="noopener noreferrer">
                        <Group gap={6} wrap="nowrap">
                          <IconFileTypePdf size={16} aria-hidden />
                          <span style={{ overflowWrap: 'anywhere' }}>{doc.fileName}</span>
                        </Group>
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatBytes(doc.size)}</Table.Td>
                    <Table.Td>{formatDateTime(doc.createdAt)}</Table.Td>
                    <Table.Td>
                      {mayWrite && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('deleteOne', { name: doc.fileName })}
                          onClick={() => void askDelete(doc)}
                          loading={remove.isPending && remove.variables?.id === doc.id}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {dialog}
    </Card>
  );
}

/** The server's message (type, size, limit) when it gave one, else the screen's own. */
function messageOf(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status < 500 && err.body?.message ? err.body.message : fallback;
}
