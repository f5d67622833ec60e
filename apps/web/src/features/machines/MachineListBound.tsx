import { Text } from '@mantine/core';
import { MACHINE_LIST_MAX } from '@wrenchlog/contracts/limits';

/** The machine lists answer at most MACHINE_LIST_MAX machines: say so when an answer is at the bound. */
export function MachineListBound({ count }: { count: number | undefined }) {
  if ((count ?? 0) < MACHINE_LIST_MAX) {
    return null;
  }
  return (
    <Text size="xs" c="dimmed" mt="sm">
      Showing the first {MACHINE_LIST_MAX.toLocaleString('en-US')} machines
    </Text>
  );
}
