import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../../app/context';
import { machineKeys, machinesApi } from '../../api/machines';
import type { Machine, MachineHistoryCounts, MachineListItem } from '../../api/types';

/** Archives or restores a machine and owns the invalidations: it moves between the lists at once. */
export function useSetArchived(): (machine: Pick<Machine, 'id'>, archived: boolean) => Promise<Machine> {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (machine, archived) => {
      const saved = await machinesApi.setArchived(api, machine.id, archived);
      queryClient.setQueryData(machineKeys.detail(machine.id), saved);
      // Out of the list it leaves at once, so it never shows there while the lists reload.
      for (const key of archived ? [machineKeys.list(), machineKeys.recent()] : [machineKeys.archived()]) {
        queryClient.setQueryData<MachineListItem[]>(key, (rows) => rows?.filter((row) => row.id !== machine.id));
      }
      await queryClient.invalidateQueries({ queryKey: machineKeys.all });
      return saved;
    },
    [api, queryClient],
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 service records, 1 fuel record, 2 part purchases, 4 photos and 1 document", or null when there is nothing. */
export function describeHistory(c: MachineHistoryCounts): string | null {
  const parts = [
    c.serviceRecords > 0 && plural(c.serviceRecords, 'service record', 'service records'),
    c.fuelRecords > 0 && plural(c.fuelRecords, 'fuel record', 'fuel records'),
    c.purchases > 0 && plural(c.purchases, 'part purchase', 'part purchases'),
    c.photos > 0 && plural(c.photos, 'photo', 'photos'),
    c.documents > 0 && plural(c.documents, 'document', 'documents'),
  ].filter((p): p is string => typeof p === 'string');
  if (parts.length === 0) {
    return null;
  }
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
