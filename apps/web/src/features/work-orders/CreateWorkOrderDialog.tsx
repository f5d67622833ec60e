import { Checkbox, Fieldset, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ISSUE_PRIORITIES, WorkLimits, WorkMessages, type IssuePriority } from '@wrenchlog/contracts/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../../core/context';
import { FormDialog } from '../../core/forms/FormDialog';
import { serverFieldErrors, unplacedMessages } from '../../core/forms/server-errors';
import { useJobTemplates } from '../job-templates/job-template-api';
import { scheduleApi, scheduleKeys } from '../schedules/schedule-api';
import { AssigneeSelect } from './AssigneeSelect';
import { PriorityBadge } from './IssueBadges';
import { useCreateWorkOrder, type Issue } from './work-api';
import { PRIORITY_LABELS, failureText } from './work-logic';

const FIELDS = ['title', 'priority', 'assigneeUserId', 'plannedDate', 'templateId'];

/** A title from what the order gathers: the one issue's or schedule's, else a count. */
function suggestedTitle(issues: Issue[], schedules: { title: string }[]): string {
  const titles = [...issues.map((i) => i.title), ...schedules.map((s) => s.title)];
  return titles.length === 1 ? titles[0] : titles.length > 1 ? `${titles[0]} and ${titles.length - 1} more` : '';
}

/** A work order on a machine from its open issues and/or its due schedules (issue 35). */
export default function CreateWorkOrderDialog({
  machineId,
  machineName,
  issues,
  onClose,
}: {
  machineId: number;
  machineName: string;
  issues: Issue[];
  onClose: () => void;
}) {
  const api = useApi();
  const navigate = useNavigate();
  const create = useCreateWorkOrder();
  const schedulesQuery = useQuery({ queryKey: scheduleKeys.machine(machineId), queryFn: () => scheduleApi.ofMachine(api, machineId), staleTime: 0 });
  const due = (schedulesQuery.data ?? []).filter((s) => !s.done && s.origin === 'user' && s.status !== 'upcoming');
  const [issueIds, setIssueIds] = useState<number[]>(issues.map((i) => i.id));
  const [scheduleIds, setScheduleIds] = useState<number[]>([]);
  const [title, setTitle] = useState('');
  const [priority, setPriority] = useState<IssuePriority>(issues.some((i) => i.priority === 'critical') ? 'critical' : 'medium');
  const [assignee, setAssignee] = useState('');
  const [plannedDate, setPlannedDate] = useState('');
  const { t } = useTranslation('jobTemplates');
  const templates = useJobTemplates();
  const [templateId, setTemplateId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const chosenIssues = issues.filter((i) => issueIds.includes(i.id));
  const chosenSchedules = due.filter((s) => scheduleIds.includes(s.id));
  const chosenTemplate = (templates.data ?? []).find((tpl) => String(tpl.id) === templateId);
  const suggestion = suggestedTitle(chosenIssues, chosenSchedules) || chosenTemplate?.name || '';
  // The templates the chosen schedules name (the server adds each once, beside the one chosen here).
  const scheduleTemplates = [...new Set(chosenSchedules.map((s) => s.jobTemplateId))]
    .filter((id) => id !== null && String(id) !== templateId)
    .map((id) => (templates.data ?? []).find((tpl) => tpl.id === id)?.name)
    .filter((name): name is string => !!name);

  const toggle = (list: number[], set: (v: number[]) => void, id: number, on: boolean) => set(on ? [...list, id] : list.filter((x) => x !== id));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (create.isPending) {
      return;
    }
    const finalTitle = (title.trim() || suggestion).trim();
    if (!finalTitle) {
      setErrors({ title: WorkMessages.title });
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      const order = await create.mutateAsync({
        machineId,
        title: finalTitle,
        issueIds,
        scheduleIds,
        priority,
        assigneeUserId: assignee ? Number(assignee) : null,
        plannedDate: plannedDate || null,
        ...(templateId ? { templateId: Number(templateId) } : {}),
      });
      onClose();
      void navigate(`/work-orders/${order.id}`);
    } catch (err) {
      const fields = serverFieldErrors(err);
      setErrors(fields);
      const rest = unplacedMessages(fields, FIELDS);
      if (Object.keys(fields).length === 0 || rest.length > 0) {
        setFailure(rest.join(' ') || failureText(err, 'The work order could not be created. Try again.'));
      }
    }
  }

  return (
    <FormDialog
      title={`New work order on ${machineName}`}
      formLabel="New work order"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      failure={failure}
      busy={create.isPending}
      submitLabel="Create work order"
      size="lg"
    >
      <Fieldset legend="Open issues" variant="unstyled">
        {issues.length === 0 ? (
          <Text size="sm" c="dimmed">
            No open issues.
          </Text>
        ) : (
          <Stack gap={6}>
            {issues.map((i) => (
              <Checkbox
                key={i.id}
                checked={issueIds.includes(i.id)}
                onChange={(e) => toggle(issueIds, setIssueIds, i.id, e.currentTarget.checked)}
                label={
                  <>
                    {i.title} <PriorityBadge priority={i.priority} />
                  </>
                }
                aria-label={`Issue: ${i.title}`}
              />
            ))}
          </Stack>
        )}
      </Fieldset>
      <Fieldset legend="Due schedules" variant="unstyled">
        {schedulesQuery.isPending ? (
          <Text size="sm" c="dimmed">
            Loading schedules...
          </Text>
        ) : due.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing due.
          </Text>
        ) : (
          <Stack gap={6}>
            {due.map((s) => (
              <Checkbox
                key={s.id}
                checked={scheduleIds.includes(s.id)}
                onChange={(e) => toggle(scheduleIds, setScheduleIds, s.id, e.currentTarget.checked)}
                label={`${s.title} (${s.reason})`}
                aria-label={`Schedule: ${s.title}`}
              />
            ))}
          </Stack>
        )}
      </Fieldset>
      <NativeSelect
        label={t('order.template')}
        description={templates.isError ? t('order.failed') : templates.isPending ? t('order.loading') : t('order.hint')}
        value={templateId}
        error={errors.templateId}
        disabled={!templates.data}
        onChange={(e) => setTemplateId(e.currentTarget.value)}
        data={[{ value: '', label: t('order.none') }, ...(templates.data ?? []).map((tpl) => ({ value: String(tpl.id), label: tpl.name }))]}
      />
      {scheduleTemplates.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="schedule-templates">
          {t('order.fromSchedules', { names: scheduleTemplates.join(', ') })}
        </Text>
      )}
      <TextInput
        label="Title"
        placeholder={suggestion || 'What is to be done'}
        maxLength={WorkLimits.title}
        value={title}
        error={errors.title}
        onChange={(e) => setTitle(e.currentTarget.value)}
      />
      <NativeSelect
        label="Priority"
        value={priority}
        error={errors.priority}
        onChange={(e) => setPriority(e.currentTarget.value as IssuePriority)}
        data={ISSUE_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
      />
      <AssigneeSelect value={assignee} onChange={setAssignee} error={errors.assigneeUserId} />
      <TextInput label="Planned date" type="date" value={plannedDate} error={errors.plannedDate} onChange={(e) => setPlannedDate(e.currentTarget.value)} />
    </FormDialog>
  );
}
