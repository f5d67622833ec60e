import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DESKTOP_QUERY } from '../../core/theme';
import { MachineCreateForm } from './MachineCreateForm';
import { useReturnFocus } from '../../components/useReturnFocus';

export function MachineCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  useReturnFocus();
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Create New Machine"
      size="lg"
      fullScreen={!desktop}
      radius="md"
      styles={{ title: { fontWeight: 700, fontSize: 20 } }}
    >
      <MachineCreateForm withTitle={false} />
    </Modal>
  );
}
