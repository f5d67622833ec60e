import { ActionIcon, Alert, Anchor, Box, Button, Group, Image, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconCameraPlus, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageFileInput } from '../../components/ImageFileInput';
import { useSession } from '../../core/context';
import { useRights } from '../../core/rights';
import { prepareImages } from '../../lib/image-resize';
import './i18n';
import { useDeleteIssueImage, useUploadIssueImages, type Issue } from './work-api';

const THUMB = 72;

/**
 * An issue's photos on the machine page (issue 35): thumbnails (processing and failed shown as
 * such), "Add photo" for whoever may report while the issue is open or in progress, and removing
 * a photo for its uploader or a member who may change issues.
 */
export function IssuePhotos({ issue, machineId }: { issue: Issue; machineId: number }) {
  const { t } = useTranslation('work');
  const rights = useRights();
  const { user } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadIssueImages(machineId);
  const remove = useDeleteIssueImage(machineId);
  const [preparing, setPreparing] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const images = issue.images ?? [];
  const mayAdd = rights.may('issue.report') && (issue.status === 'open' || issue.status === 'in_progress');
  const busy = preparing || upload.isPending;

  async function add(files: File[]) {
    setErrors([]);
    setPreparing(true);
    const { prepared, failed } = await prepareImages(files).finally(() => setPreparing(false));
    const notes = failed.map((f) => t('photos.unreadable', { name: f.file.name, reason: f.reason }));
    setErrors(notes);
    if (prepared.length === 0) {
      return;
    }
    try {
      await upload.mutateAsync({ issueId: issue.id, images: prepared.map((p) => ({ fileName: p.file.name, original: p.original, thumbnail: p.thumbnail })) });
    } catch {
      setErrors([...notes, t('photos.uploadFailed')]);
    }
  }

  async function removeOne(imageId: number) {
    setErrors([]);
    try {
      await remove.mutateAsync({ issueId: issue.id, imageId });
    } catch {
      setErrors([t('photos.removeFailed')]);
    }
  }

  if (images.length === 0 && !mayAdd) {
    return null;
  }
  return (
    <Box>
      <Group gap="xs" wrap="wrap">
        {images.length > 0 && (
          <Group gap="xs" wrap="wrap" role="list" aria-label={t('photos.title')}>
            {images.map((image) => (
              <Box key={image.id} role="listitem" pos="relative" w={THUMB} h={THUMB}>
                {image.state === 'processed' ? (
                  <Anchor href={image.originalUrl} target="_blank" rel="noreferrer" aria-label={t('photos.open', { name: image.fileName })}>
                    <Image src={image.thumbnailUrl} alt={image.fileName} w={THUMB} h={THUMB} radius="sm" fit="cover" />
                  </Anchor>
                ) : (
                  <Group
                    w={THUMB}
                    h={THUMB}
                    justify="center"
                    style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
                    title={image.state === 'failed' ? t('photos.failed') : t('photos.processing')}
                  >
                    {image.state === 'failed' ? (
                      <IconAlertCircle color="var(--mantine-color-red-6)" aria-label={t('photos.failed')} />
                    ) : (
                      <Loader size="sm" aria-label={t('photos.processing')} />
                    )}
                  </Group>
                )}
                {(image.createdBy === user?.id || rights.may('issue.write')) && (
                  <ActionIcon
                    size="sm"
                    variant="filled"
                    color="dark"
                    pos="absolute"
                    top={2}
                    right={2}
                    aria-label={t('photos.remove', { name: image.fileName })}
                    loading={remove.isPending && remove.variables?.imageId === image.id}
                    onClick={() => void removeOne(image.id)}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                )}
              </Box>
            ))}
          </Group>
        )}
        {/* Outside the list: a list holds only its photos. */}
        {mayAdd && (
          <Button
            variant="default"
            size="xs"
            leftSection={busy ? <Loader size={14} /> : <IconCameraPlus size={16} />}
            disabled={busy}
            // The visible text starts the name (axe's label-content-name-mismatch); none while uploading.
            aria-label={busy ? undefined : t('photos.addTo', { title: issue.title })}
            onClick={() => input.current?.click()}
          >
            {busy ? t('photos.uploading') : t('photos.add')}
          </Button>
        )}
      </Group>
      {mayAdd && <ImageFileInput ref={input} multiple testId={`issue-${issue.id}-photo-input`} onFiles={(files) => void add(files)} />}
      {errors.length > 0 && (
        <Alert color="red" mt="xs" p="xs" role="alert">
          {errors.map((e) => (
            <Text key={e} size="xs">
              {e}
            </Text>
          ))}
        </Alert>
      )}
    </Box>
  );
}
