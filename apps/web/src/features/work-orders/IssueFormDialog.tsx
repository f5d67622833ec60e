import { Checkbox, Group, NativeSelect, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ISSUE_PRIORITIES, WorkLimits } from '@wrenchlog/contracts/limits';
import { Button, Text } from '@mantine/core';
import { IconCameraPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageFileInput } from '../../components/ImageFileInput';
import { prepareImages } from '../../lib/image-resize';
import './i18n';
import { FormDialog } from '../../core/forms/FormDialog';
import { isQueuedOffline } from '../../core/offline/queued';
import { errorsAfterSubmit, touchAll } from '../../core/forms/error-timing';
import { serverFieldErrors, unplacedMessages } from '../../core/forms/server-errors';
import { useReportIssue, useUploadIssueImages } from './work-api';
import { emptyIssue, issueMeters, PRIORITY_LABELS, validateIssue, type IssueFormValues, failureText } from './work-logic';

const FIELDS = ['title', 'description', 'priority', 'outOfService', 'meters', 'meters.distance', 'meters.hours'];

/** "Report issue" on a machine: any member who may report (an operator too) fills it in. */
export function IssueFormDialog({ machineId, machineName, onClose }: { machineId: number; machineName: string; onClose: () => void }) {
  const report = useReportIssue(machineId);
  const form = useForm<IssueFormValues>({ initialValues: emptyIssue(), validate: validateIssue, ...errorsAfterSubmit<IssueFormValues>() });
  const [failure, setFailure] = useState<string | null>(null);
  const { t } = useTranslation('work');
  const upload = useUploadIssueImages(machineId);
  const photoInput = useRef<HTMLInputElement>(null);
  const [photos, setPhotos] = useState<File[]>([]);

  async function persist(values: IssueFormValues) {
    setFailure(null);
    try {
      const issue = await report.mutateAsync({
        title: values.title.trim(),
        description: values.description.trim() || null,
        priority: values.priority,
        outOfService: values.outOfService,
        ...(issueMeters(values) ? { meters: issueMeters(values) } : {}),
      });
      if (photos.length > 0) {
        // The photos go to the issue just reported. A failed upload still closes the dialog (reporting
        // again would report the issue twice); the issue's own "Add photo" takes them again.
        const { prepared } = await prepareImages(photos);
        await upload
          .mutateAsync({ issueId: issue.id, images: prepared.map((p) => ({ fileName: p.file.name, original: p.original, thumbnail: p.thumbnail })) })
          .catch((e: unknown) => console.error('Issue photo upload failed', e));
      }
      onClose();
    } catch (err) {
      if (isQueuedOffline(err)) {
        // Offline (issue 34): kept on the device and sent later with the same Idempotency-Key.
        onClose();
        return;
      }
      const fields = serverFieldErrors(err);
      // The meters' messages belong under the meter inputs.
      const meters = fields['meters.distance'] ?? fields['meters.hours'] ?? fields.meters;
      form.setErrors({ ...fields, ...(meters ? { distance: fields['meters.distance'] ?? meters, hours: fields['meters.hours'] } : {}) });
      const rest = unplacedMessages(fields, FIELDS);
      if (Object.keys(fields).length === 0 || rest.length > 0) {
        setFailure(rest[0] ?? failureText(err, 'The issue could not be reported. Try again.'));
      }
    }
  }

  const submit = form.onSubmit(
    (values) => {
      touchAll(form);
      if (!report.isPending) {
        void persist(values);
      }
    },
    () => touchAll(form),
  );

  return (
    <FormDialog
      title={`Report issue on ${machineName}`}
      formLabel="Report issue"
      onClose={onClose}
      onSubmit={submit}
      failure={failure}
      busy={report.isPending || upload.isPending}
      submitLabel="Report issue"
    >
      <TextInput label="Title" required maxLength={WorkLimits.title} data-autofocus placeholder="Hydraulic leak at the boom" {...form.getInputProps('title')} />
      <Textarea label="Description" autosize minRows={3} maxLength={WorkLimits.description} {...form.getInputProps('description')} />
      <NativeSelect
        label="Priority"
        required
        data={ISSUE_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
        {...form.getInputProps('priority')}
      />
      <Group grow align="flex-start" gap="xs">
        <TextInput label="Odometer now" inputMode="decimal" description="Optional" {...form.getInputProps('distance')} />
        <TextInput label="Hour meter now" inputMode="decimal" description="Optional" {...form.getInputProps('hours')} />
      </Group>
      <Checkbox
        label="Machine out of service"
        description="The machine cannot be used until this is fixed."
        {...form.getInputProps('outOfService', { type: 'checkbox' })}
      />
      <Button variant="default" leftSection={<IconCameraPlus size={16} />} onClick={() => photoInput.current?.click()}>
        {t('photos.add')}
      </Button>
      {photos.length > 0 && <Text size="xs">{photos.map((f) => f.name).join(', ')}</Text>}
      <ImageFileInput ref={photoInput} multiple testId="issue-report-photo-input" onFiles={(files) => setPhotos((p) => [...p, ...files].slice(0, 10))} />
    </FormDialog>
  );
}
