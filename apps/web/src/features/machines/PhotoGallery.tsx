import { ActionIcon, Box, Center, Group, Image, Loader, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { MACHINE_GALLERY_LIMIT } from '@wrenchlog/contracts/limits';
import type { MachinePhoto } from '../../api/types';
import classes from './machine.module.css';
import { ImageFileInput } from '../../components/ImageFileInput';

interface Props {
  photos: MachinePhoto[];
  editing: boolean;
  busy: boolean;
  onAdd: (files: File[]) => void;
  onDelete: (photo: MachinePhoto) => void;
}

/** Additional Photos: up to 5 slots; add and delete in edit mode; a lightbox with previous/next. */
export function PhotoGallery({ photos, editing, busy, onAdd, onDelete }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const free = Math.max(0, MACHINE_GALLERY_LIMIT - photos.length);
  const current = open !== null ? photos[open] : undefined;

  useEffect(() => {
    if (open === null) {
      return;
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') {
        setOpen((i) => (i !== null && i > 0 ? i - 1 : i));
      } else if (e.key === 'ArrowRight') {
        setOpen((i) => (i !== null && i < photos.length - 1 ? i + 1 : i));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, photos.length]);

  return (
    <>
      <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="sm" data-testid="gallery">
        {photos.map((photo, index) => (
          <Box key={photo.id} className={classes.slot}>
            <UnstyledButton onClick={() => setOpen(index)} className={classes.slotButton} aria-label={`Open photo ${index + 1}`}>
              <img src={photo.thumbnailUrl} alt={`Machine photo ${index + 1}`} className={classes.slotImage} loading="lazy" />
            </UnstyledButton>
            {editing && (
              <ActionIcon
                className={classes.slotDelete}
                color="red"
                variant="filled"
                size="sm"
                radius="xl"
                aria-label={`Delete photo ${index + 1}`}
                onClick={() => onDelete(photo)}
                disabled={busy}
              >
                <IconTrash size={14} />
              </ActionIcon>
            )}
          </Box>
        ))}
        {Array.from({ length: free }, (_, i) =>
          editing && i === 0 ? (
            <UnstyledButton
              key="add"
              className={`${classes.slot} ${classes.slotEmpty} ${classes.slotAdd}`}
              onClick={() => input.current?.click()}
              disabled={busy}
              aria-label="Add photos"
            >
              <Center h="100%">
                {busy ? (
                  <Loader size="sm" />
                ) : (
                  <Stack gap={2} align="center">
                    <IconPhotoPlus size={22} />
                    <Text size="xs" fw={600}>
                      Add
                    </Text>
                  </Stack>
                )}
              </Center>
            </UnstyledButton>
          ) : (
            <Box key={`empty-${i}`} className={`${classes.slot} ${classes.slotEmpty}`} aria-hidden />
          ),
        )}
      </SimpleGrid>
      <ImageFileInput ref={input} multiple testId="gallery-input" onFiles={(files) => free > 0 && onAdd(files.slice(0, free))} />
      <Modal
        opened={current !== undefined}
        onClose={() => setOpen(null)}
        size="xl"
        centered
        title={open !== null ? `Photo ${open + 1} of ${photos.length}` : ''}
        styles={{ title: { fontWeight: 600 } }}
      >
        {current && (
          <Group wrap="nowrap" gap="xs" align="center">
            <ActionIcon
              variant="default"
              size="lg"
              radius="xl"
              aria-label="Previous photo"
              onClick={() => setOpen((i) => (i ?? 1) - 1)}
              style={{ visibility: open! > 0 ? 'visible' : 'hidden' }}
            >
              <IconChevronLeft size={20} />
            </ActionIcon>
            <Image src={current.originalUrl} alt={`Machine photo ${open! + 1}`} fit="contain" mah="70vh" radius="sm" style={{ flex: 1, minWidth: 0 }} />
            <ActionIcon
              variant="default"
              size="lg"
              radius="xl"
              aria-label="Next photo"
              onClick={() => setOpen((i) => (i ?? 0) + 1)}
              style={{ visibility: open! < photos.length - 1 ? 'visible' : 'hidden' }}
            >
              <IconChevronRight size={20} />
            </ActionIcon>
          </Group>
        )}
      </Modal>
    </>
  );
}
