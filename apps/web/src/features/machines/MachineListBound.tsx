import { Text } from '@mantine/core';
import { MACHINE_LIST_MAX } from '@wrenchlog/contracts/limits';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/format';
import './i18n';

/** The machine lists answer at most MACHINE_LIST_MAX machines: say so when an answer is at the bound. */
export function MachineListBound({ count }: { count: number | undefined }) {
  const { t } = useTranslation('machines');
  if ((count ?? 0) < MACHINE_LIST_MAX) {
    return null;
  }
  return (
    <Text size="xs" c="dimmed" mt="sm">
      {t('list.bound', { max: formatCount(MACHINE_LIST_MAX) })}
    </Text>
  );
}
