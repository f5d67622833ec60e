import { Button, Group, Image, Modal, Stack } from '@mantine/core';
import type { Shot } from './ScreenshotGallery';
import { useReturnFocus } from '../../components/useReturnFocus';

/** A screenshot at full size, titled by its caption and closed by its Close button (or Escape). */
export default function ScreenshotModal({ shot, onClose }: { shot: Shot; onClose: () => void }) {
  useReturnFocus();
  return (
    <Modal
      opened
      onClose={onClose}
      title={shot.caption}
      size={shot.width < 600 ? 'md' : '90rem'}
      centered
      withCloseButton={false}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        <Image src={shot.src} alt={shot.alt} w="100%" h="auto" radius="sm" />
        <Group justify="flex-end">
          <Button onClick={onClose} variant="default">
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
