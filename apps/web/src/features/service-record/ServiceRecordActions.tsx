import { ActionIcon, Badge, Button, Flex, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconCopy, IconExternalLink, IconPhoto, IconTrash, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { AuditLine } from '../../components/AuditLine';
import { useApi } from '../../core/context';
import { useRights } from '../../core/rights';
import { auditOf } from '../../lib/audit';
import type { FormMode } from '../../core/forms/form-rules';
import { serviceRecordApi, serviceRecordKeys } from './service-record-api';
import type { ServiceRecordEditor } from './useServiceRecordEditor';
import { useTranslation } from 'react-i18next';
import './i18n';

/**
 * The title row: Back (full mode; the form sits inside another screen otherwise), the title, the
 * blur-save status of an existing record, a preview's photo count, and Close (not in fast mode).
 */
export function ServiceRecordHeader({ editor, mode, titleId }: { editor: ServiceRecordEditor; mode: FormMode; titleId: string }) {
  const api = useApi();
  const { t } = useTranslation('serviceRecord');
  const { saved, saving } = editor;
  const full = mode === 'full';
  const readOnly = mode === 'fastView';
  const mayWrite = useRights().may('record.write');
  const imageCount = useQuery({
    queryKey: serviceRecordKeys.imageCount(saved?.id ?? 0),
    queryFn: () => serviceRecordApi.imageCount(api, saved!.id),
    enabled: readOnly && saved !== null,
  });
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" mb="md">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        {full && (
          <Tooltip label={t('header.back')}>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('header.back')} onClick={editor.back}>
              <IconArrowLeft size={20} />
            </ActionIcon>
          </Tooltip>
        )}
        <div style={{ minWidth: 0 }}>
          <Title order={full ? 1 : 2} fz={full ? { base: 22, md: 26 } : 'xl'} id={titleId} lh={1.2}>
            {saved ? t('header.titleShown') : t('header.titleNew')}
          </Title>
          <AuditLine record={auditOf(saved, saved?.dateCreated)} mt={4} />
        </div>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {saved && !readOnly && mayWrite && (
          <Text size="xs" c="dimmed" aria-live="polite" visibleFrom="xs">
            {saving ? t('header.saving') : t('header.savesOnLeave')}
          </Text>
        )}
        {readOnly && imageCount.data !== undefined && (
          <Badge variant="light" leftSection={<IconPhoto size={12} />}>
            {t('header.photos', { count: imageCount.data })}
          </Badge>
        )}
        {mode !== 'fast' && (
          <Tooltip label={t('header.close')}>
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('header.close')} onClick={editor.close}>
              <IconX size={20} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}

/** Clone and Delete (an existing record, full mode), then the submit button, or Full Details in a preview. */
export function ServiceRecordActions({ editor, mode }: { editor: ServiceRecordEditor; mode: FormMode }) {
  const { saved, saving, busy } = editor;
  const { t } = useTranslation('serviceRecord');
  const mayWrite = useRights().may('record.write');
  // Issue 32: nothing to send for a role that may not change service records (a preview keeps Full Details).
  if (!mayWrite && mode !== 'fastView') {
    return null;
  }
  return (
    <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="space-between" gap="sm">
      {mode === 'full' && saved ? (
        <Flex direction={{ base: 'column', xs: 'row' }} gap="sm">
          <Button
            variant="default"
            leftSection={<IconCopy size={16} />}
            onClick={() => void editor.clone()}
            loading={busy === 'clone'}
            disabled={busy !== null}
          >
            {t('actions.clone')}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => void editor.remove()}
            loading={busy === 'delete'}
            disabled={busy !== null}
          >
            {t('actions.delete')}
          </Button>
        </Flex>
      ) : (
        <span />
      )}
      {mode === 'fastView' ? (
        saved && (
          <Button component={Link} to={`/service-record/${saved.id}`} rightSection={<IconExternalLink size={16} />}>
            {t('actions.fullDetails')}
          </Button>
        )
      ) : (
        <Button type="submit" loading={busy === 'create' || saving} disabled={busy !== null && busy !== 'create'}>
          {saved ? t('actions.update') : t('actions.create')}
        </Button>
      )}
    </Flex>
  );
}
