import { ActionIcon, Button, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { useRights } from '../../core/rights';
import { IconCalendarDue, IconChevronDown, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Schedule, ScheduleTemplate } from '@wrenchlog/contracts';
import { ScheduleLimits } from '@wrenchlog/contracts/limits';
import { useState, type ReactNode } from 'react';
import { useApi } from '../../core/context';
import { useConfirm } from '../../components/confirm';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { ScheduleFormDialog } from './ScheduleFormDialog';
import { ScheduleStatusBadge } from './ScheduleStatusBadge';
import { scheduleApi, scheduleKeys, useDeleteSchedule } from './schedule-api';
import { TemplateDialog } from './TemplateDialog';
import { byUrgency, emptyScheduleForm, failureText, forecastText, intervalText, nextDueText, scheduleToForm, type ScheduleFormValues } from './schedule-logic';

export const DELETE_SCHEDULE_CONFIRM = 'Are you sure you want to delete this schedule? This action cannot be undone.';

/** One schedule: status, reason in words, next due and forecast (distances in its machine's unit); Edit and Delete for the user's own. */
export function ScheduleCard({ schedule: s, actions, machineLink }: { schedule: Schedule; actions?: ReactNode; machineLink?: ReactNode }) {
  return (
    <Card withBorder padding="sm" component="li" data-testid="schedule-item" aria-label={s.title}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{s.title}</Text>
            <ScheduleStatusBadge status={s.status} />
            {s.done && (
              <Text size="xs" c="dimmed">
                done
              </Text>
            )}
          </Group>
          {machineLink}
          <Text size="sm">{s.reason}</Text>
          <Text size="xs" c="dimmed">
            {s.origin === 'user' ? `${intervalText(s, s.distanceUnit)} · ` : ''}Next due: {nextDueText(s, s.distanceUnit)} · Forecast: {forecastText(s)}
          </Text>
        </Stack>
        {actions}
      </Group>
    </Card>
  );
}

/** The Schedules tab of a machine: its schedules, most urgent first; create, edit, delete, add from a template. */
export function SchedulesTab({ machineId, machineType }: { machineId: number; machineType?: string | null }) {
  const api = useApi();
  const type = machineType ?? '';
  const query = useQuery({ queryKey: scheduleKeys.machine(machineId), queryFn: () => scheduleApi.ofMachine(api, machineId), staleTime: 0 });
  const meters = useQuery({ queryKey: scheduleKeys.meters(machineId), queryFn: () => scheduleApi.meters(api, machineId) });
  const templates = useQuery({ queryKey: scheduleKeys.templates(type), queryFn: () => scheduleApi.templates(api, type), staleTime: Infinity });
  const remove = useDeleteSchedule();
  const mayWrite = useRights().may('schedule.write');
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<{ schedule?: Schedule; initial: ScheduleFormValues } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const distanceUnit = meters.data?.find((m) => m.kind === 'distance')?.unit ?? 'mi';

  // A template's schedule asks when it was last done before it is added (issue 38).
  const [fromTemplate, setFromTemplate] = useState<ScheduleTemplate | null>(null);

  async function del(s: Schedule) {
    if (!(await confirm(DELETE_SCHEDULE_CONFIRM, 'Delete'))) {
      return;
    }
    setFailure(null);
    try {
      await remove.mutateAsync(s.id);
    } catch (err) {
      setFailure(failureText(err, 'The schedule could not be deleted. Try again.'));
    }
  }

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ initial: emptyScheduleForm() })}>
      New schedule
    </Button>
  );
  const templateMenu = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={14} />} disabled={templates.isError}>
          Add from template
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {templates.isPending && <Menu.Label>Loading templates...</Menu.Label>}
        {(templates.data ?? []).map((t) => (
          <Menu.Item key={t.key} onClick={() => setFromTemplate(t)}>
            {t.title}
            <Text size="xs" c="dimmed">
              {intervalText(t, distanceUnit)}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );

  let body;
  if (query.isPending) {
    body = <LoadingState text="Loading schedules..." />;
  } else if (query.isError) {
    body = <ErrorState text="Failed to load schedules" onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    body = (
      <EmptyBlock
        icon={<IconCalendarDue size={28} />}
        title="No schedules yet"
        description="Add a maintenance schedule by time, distance or hours, or start from a template."
      />
    );
  } else {
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Schedules">
        {[...query.data].sort(byUrgency).map((s) => (
          <ScheduleCard
            key={s.id}
            schedule={s}
            actions={
              s.origin === 'user' &&
              mayWrite && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`Edit ${s.title}`} onClick={() => setEditing({ schedule: s, initial: scheduleToForm(s) })}>
                    <IconPencil size={18} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete ${s.title}`} onClick={() => void del(s)}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              )
            }
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="xs" wrap="wrap">
        {mayWrite && templateMenu}
        {mayWrite && newButton}
      </Group>
      {failure && (
        <Text c="red" size="sm" role="alert">
          {failure}
        </Text>
      )}
      {body}
      {/* The call answers at most ScheduleLimits.machineList schedules: say so at the bound. */}
      {(query.data?.length ?? 0) >= ScheduleLimits.machineList && (
        <Text size="xs" c="dimmed">
          Showing the {ScheduleLimits.machineList} most urgent schedules
        </Text>
      )}
      {editing && (
        <ScheduleFormDialog
          machineId={machineId}
          schedule={editing.schedule}
          initial={editing.initial}
          distanceUnit={distanceUnit}
          onClose={() => setEditing(null)}
        />
      )}
      {fromTemplate && (
        <TemplateDialog
          machineId={machineId}
          template={fromTemplate}
          meters={meters.data}
          distanceUnit={distanceUnit}
          onClose={() => setFromTemplate(null)}
          onMore={(initial) => {
            setFromTemplate(null);
            setEditing({ initial });
          }}
        />
      )}
      {dialog}
    </Stack>
  );
}
