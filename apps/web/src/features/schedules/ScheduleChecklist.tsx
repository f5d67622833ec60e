import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../core/context';
import { ScheduleStatusBadge } from './ScheduleStatusBadge';
import { scheduleApi, scheduleKeys } from './schedule-api';
import { checklistSchedules } from './schedule-logic';

/** The ids a saved record completes, as the schedule list says (null until it has loaded). */
export function useStoredCompletions(machineId: number | null, recordId: number | null): number[] | null {
  const api = useApi();
  const query = useQuery({
    queryKey: scheduleKeys.machine(machineId ?? 0),
    queryFn: () => scheduleApi.ofMachine(api, machineId!),
    enabled: machineId !== null && recordId !== null,
    staleTime: 0,
  });
  if (recordId === null || !query.data) {
    return null;
  }
  return query.data.filter((s) => s.completedBy.includes(recordId)).map((s) => s.id);
}

/**
 * The service record form's checklist of the machine's due and due-soon schedules (and those the
 * record already completes): the checked ids are saved as the record's completesScheduleIds.
 * Nothing shows while there is nothing to complete.
 */
export function ScheduleChecklist({
  machineId,
  recordId,
  value,
  onChange,
  disabled,
}: {
  machineId: number | null;
  recordId: number | null;
  value: number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}) {
  const api = useApi();
  const query = useQuery({
    queryKey: scheduleKeys.machine(machineId ?? 0),
    queryFn: () => scheduleApi.ofMachine(api, machineId!),
    enabled: machineId !== null,
    staleTime: 0,
  });
  // Every schedule ever ticked here stays listed, so unticking one not yet due does not hide it.
  const [ticked, setTicked] = useState<number[]>(value);
  const untracked = value.filter((id) => !ticked.includes(id));
  if (untracked.length > 0) {
    setTicked([...ticked, ...untracked]);
  }
  const items = query.data ? checklistSchedules(query.data, recordId, [...ticked, ...untracked]) : [];
  if (machineId === null || items.length === 0) {
    return null;
  }
  return (
    <Checkbox.Group
      label="Completes these schedules"
      description="Checked schedules are done with this record's date and meters."
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
    >
      <Stack gap={6} mt={6}>
        {items.map((s) => (
          <Checkbox
            key={s.id}
            value={String(s.id)}
            disabled={disabled}
            label={
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={600}>
                  {s.title}
                </Text>
                <ScheduleStatusBadge status={s.status} />
                <Text size="xs" c="dimmed">
                  {s.reason}
                </Text>
              </Group>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
