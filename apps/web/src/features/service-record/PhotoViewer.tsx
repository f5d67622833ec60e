import { ActionIcon, Box, Group, Image, Modal, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { ServiceImage } from '@wrenchlog/contracts';
import classes from './service-record.module.css';
import { useTranslation } from 'react-i18next';
import './i18n';

interface Props {
  images: ServiceImage[];
  /** The open image, or null when the viewer is closed. */
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/**
 * The photo viewer (spec doc 1 section 2): previous and next arrows, hidden at the first and last
 * photo; the arrow keys step, Escape and the close button close.
 */
export function PhotoViewer({ images, index, onIndex, onClose }: Props) {
  const { t } = useTranslation('serviceRecord');
  const current = index !== null ? images[index] : undefined;
  const hasPrevious = index !== null && index > 0;
  const hasNext = index !== null && index < images.length - 1;

  useEffect(() => {
    if (index === null) {
      return;
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft' && index > 0) {
        onIndex(index - 1);
      } else if (e.key === 'ArrowRight' && index < images.length - 1) {
        onIndex(index + 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, images.length, onIndex]);

  return (
    <Modal
      opened={current !== undefined}
      onClose={onClose}
      size="xl"
      centered
      title={index !== null ? t('viewer.title', { number: index + 1, total: images.length }) : ''}
      closeButtonProps={{ 'aria-label': t('viewer.close') }}
      styles={{ title: { fontWeight: 600 } }}
    >
      {current && (
        <>
          <Group wrap="nowrap" gap="xs" align="center">
            {hasPrevious ? (
              <ActionIcon variant="default" size="lg" radius="xl" aria-label={t('viewer.previous')} onClick={() => onIndex(index! - 1)}>
                <IconChevronLeft size={20} />
              </ActionIcon>
            ) : (
              <Box className={classes.arrowSlot} />
            )}
            <Image
              src={current.originalUrl}
              alt={current.fileName || t('viewer.alt', { number: index! + 1 })}
              fit="contain"
              mah="70vh"
              radius="sm"
              style={{ flex: 1, minWidth: 0 }}
              data-testid="viewer-image"
            />
            {hasNext ? (
              <ActionIcon variant="default" size="lg" radius="xl" aria-label={t('viewer.next')} onClick={() => onIndex(index! + 1)}>
                <IconChevronRight size={20} />
              </ActionIcon>
            ) : (
              <Box className={classes.arrowSlot} />
            )}
          </Group>
          {current.fileName && (
            <Text size="sm" c="dimmed" ta="center" mt="xs" style={{ overflowWrap: 'anywhere' }}>
              {current.fileName}
            </Text>
          )}
        </>
      )}
    </Modal>
  );
}
