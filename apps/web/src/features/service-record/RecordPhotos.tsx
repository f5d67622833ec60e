import { Alert, Button, Card, Group, Loader, Progress, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCircleCheckFilled, IconPhotoPlus, IconRefresh, IconSelect, IconTrash, IconX } from '@tabler/icons-react';
import { SERVICE_IMAGE_LIST_MAX } from '@wrenchlog/contracts/limits';
import { useCallback, useRef, useState } from 'react';
import { useConfirm } from '../../components/confirm';
import { ErrorState } from '../../components/states';
import { confirmPhotosText, message } from './service-record-logic';
import { PhotoViewer } from './PhotoViewer';
import classes from './service-record.module.css';
import { useRecordPhotos } from './useRecordPhotos';
import { ImageFileInput } from '../../components/ImageFileInput';
import { formatCount } from '../../lib/format';
import { useTranslation } from 'react-i18next';
import './i18n';

/**
 * Photos of a service record (full mode, spec doc 1 section 2): a grid with Add Images, a
 * selection mode with Delete Images, and the viewer. A record not saved yet takes no photos.
 */
export function RecordPhotos({ recordId }: { recordId: number | null }) {
  const photos = useRecordPhotos(recordId);
  const { t } = useTranslation('serviceRecord');
  const { confirm, dialog } = useConfirm();
  const input = useRef<HTMLInputElement>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<number | null>(null);
  const images = photos.images.data ?? [];
  const closeViewer = useCallback(() => setOpen(null), []);

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) {
        next.add(id);
      }
      return next;
    });

  const exitSelection = () => {
    setSelecting(false);
    setSelected(new Set());
  };

  async function deleteSelected() {
    const ids = images.filter((i) => selected.has(i.id)).map((i) => i.id);
    if (ids.length === 0 || !(await confirm(confirmPhotosText(ids.length), t('confirm.delete', { ns: 'common' })))) {
      return;
    }
    if (await photos.remove(ids)) {
      exitSelection();
    }
  }

  const addImages = () => {
    if (recordId === null) {
      void photos.add([]);
      return;
    }
    input.current?.click();
  };

  return (
    <Card id="images" component="section" aria-labelledby="service-photos-title">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={2} fz="lg" id="service-photos-title">
          {recordId !== null && photos.images.data ? t('photos.titleCount', { count: images.length }) : t('photos.title')}
        </Title>
        <Group gap="xs">
          {selecting ? (
            <>
              <Button
                size="xs"
                color="red"
                leftSection={<IconTrash size={14} />}
                disabled={selected.size === 0 || photos.busy}
                onClick={() => void deleteSelected()}
              >
                {selected.size > 0 ? t('photos.deleteImagesCount', { count: selected.size }) : t('photos.deleteImages')}
              </Button>
              <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={exitSelection}>
                {t('photos.exitSelection')}
              </Button>
            </>
          ) : (
            <>
              {images.length > 0 && (
                <Button size="xs" variant="default" leftSection={<IconSelect size={14} />} onClick={() => setSelecting(true)} disabled={photos.busy}>
                  {t('photos.select')}
                </Button>
              )}
              <Button size="xs" leftSection={<IconPhotoPlus size={14} />} onClick={addImages} disabled={photos.busy}>
                {t('photos.add')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      <ImageFileInput ref={input} multiple testId="service-photos-input" onFiles={(files) => void photos.add(files)} />
      <Stack gap="sm">
        {photos.errors.map((message) => (
          <Alert key={message} color="red" variant="light" role="alert" py="xs">
            {message}
          </Alert>
        ))}
        {photos.progress && (
          <div>
            <Text size="sm" mb={4}>
              {photos.progress.label}
            </Text>
            <Progress value={photos.progress.value} animated striped aria-label={photos.progress.label} />
          </div>
        )}
        {photos.pending.length > 0 && !photos.progress && (
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('photos.waiting', { count: photos.pending.length })}</Text>
            <Group gap="xs">
              <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={() => void photos.retry()}>
                {t('photos.retry')}
              </Button>
              <Button size="xs" variant="default" onClick={photos.discardPending}>
                {t('photos.discard')}
              </Button>
            </Group>
          </Group>
        )}
        {recordId === null ? (
          <Text c="dimmed" size="sm">
            {t('photos.afterCreate')}
          </Text>
        ) : photos.images.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('photos.loading')}
            </Text>
          </Group>
        ) : photos.images.isError ? (
          <ErrorState text={message('imagesLoadFailed')} onRetry={() => void photos.images.refetch()} />
        ) : images.length === 0 && photos.pending.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('photos.empty')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 5 }} spacing="sm" data-testid="service-photos">
            {images.map((image, index) => {
              const isSelected = selected.has(image.id);
              const name = image.fileName || t('photos.unnamed', { number: index + 1 });
              return (
                <UnstyledButton
                  key={image.id}
                  className={`${classes.tile} ${isSelected ? classes.tileSelected : ''}`}
                  aria-label={selecting ? t('photos.selectOne', { name }) : t('photos.open', { name })}
                  aria-pressed={selecting ? isSelected : undefined}
                  onClick={() => (selecting ? toggle(image.id) : setOpen(index))}
                >
                  <img src={image.thumbnailUrl} alt={name} className={classes.tileImage} loading="lazy" />
                  {selecting && isSelected && (
                    <IconCircleCheckFilled className={classes.tileCheck} size={24} color="var(--mantine-color-brand-6)" aria-hidden />
                  )}
                </UnstyledButton>
              );
            })}
            {photos.pending.map((p) => (
              <div key={p.key} className={`${classes.tile} ${classes.tilePending}`} title={t('photos.notUploaded', { name: p.fileName })}>
                <img src={p.previewUrl} alt={t('photos.notUploaded', { name: p.fileName })} className={classes.tileImage} />
                {photos.progress && (
                  <div className={classes.tileOverlay}>
                    <Loader size="sm" />
                  </div>
                )}
              </div>
            ))}
          </SimpleGrid>
        )}
        {/* The list answers at most SERVICE_IMAGE_LIST_MAX photos: say so at the bound. */}
        {images.length >= SERVICE_IMAGE_LIST_MAX && (
          <Text size="xs" c="dimmed">
            {t('photos.bound', { max: formatCount(SERVICE_IMAGE_LIST_MAX) })}
          </Text>
        )}
      </Stack>
      <PhotoViewer images={images} index={open} onIndex={setOpen} onClose={closeViewer} />
      {dialog}
    </Card>
  );
}
