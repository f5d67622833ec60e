import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm';
import { ErrorState, LoadingState } from '../../components/states';
import { useRights } from '../../core/rights';
import { JobTemplateDialog } from './JobTemplateDialog';
import { useDeleteJobTemplate, useJobTemplates, type JobTemplate } from './job-template-api';

/** Settings > Job templates (issue 35): the account's templates, kept by whoever may write work orders. */
export default function JobTemplatesTab() {
  const { t } = useTranslation('jobTemplates');
  const may = useRights().may('workorder.write');
  const query = useJobTemplates();
  const remove = useDeleteJobTemplate();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<{ template: JobTemplate | null } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function del(template: JobTemplate) {
    setFailure(null);
    if (!(await confirm(t('tab.confirmDelete', { name: template.name })))) {
      return;
    }
    try {
      await remove.mutateAsync(template.id);
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : t('tab.deleteFailed'));
    }
  }

  return (
    <Card padding="lg" component="section" aria-labelledby="job-templates-title">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} fz="lg" id="job-templates-title">
          {t('tab.title')}
        </Title>
        {may && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ template: null })}>
            {t('tab.new')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('tab.intro')}
      </Text>
      {failure && (
        <Text c="red" role="alert" mb="sm">
          {failure}
        </Text>
      )}
      {query.isPending ? (
        <LoadingState text={t('tab.loading')} />
      ) : query.isError ? (
        <ErrorState text={t('tab.error')} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Stack gap={2}>
          <Text>{t('tab.empty')}</Text>
          <Text size="sm" c="dimmed">
            {t('tab.emptyHint')}
          </Text>
        </Stack>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('tab.listLabel')}>
          {query.data.map((tpl) => (
            <Group
              key={tpl.id}
              component="li"
              justify="space-between"
              py="xs"
              gap="xs"
              wrap="wrap"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {tpl.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('tab.summary', { steps: tpl.steps.length, lines: tpl.lines.length })}
                </Text>
              </Stack>
              {may && (
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => setEditing({ template: tpl })} aria-label={t('tab.editLabel', { name: tpl.name })}>
                    {t('tab.edit')}
                  </Button>
                  <Button size="xs" variant="default" color="red" onClick={() => void del(tpl)} aria-label={t('tab.deleteLabel', { name: tpl.name })}>
                    {t('tab.delete')}
                  </Button>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {editing && <JobTemplateDialog template={editing.template} onClose={() => setEditing(null)} />}
      {dialog}
    </Card>
  );
}
