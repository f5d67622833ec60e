import { ActionIcon, Button, Fieldset, Group, NativeSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { JobTemplateLimits, WORK_ORDER_LINE_KINDS, WorkLimits, type WorkOrderLineKind } from '@wrenchlog/contracts/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../core/context';
import { FormDialog } from '../../core/forms/FormDialog';
import { serverFieldErrors, unplacedMessages } from '../../core/forms/server-errors';
import { useRights } from '../../core/rights';
import { inventoryApi, inventoryKeys } from '../inventory/inventory-api';
import { useSaveJobTemplate, type JobTemplate } from './job-template-api';
import { draftErrors, draftOf, movedUp, newLine, templateInput, type LineDraft, type TemplateDraft } from './template-editing';

const decimal = { inputMode: 'decimal' as const };

/** A part of the inventory, searched as typed; the chosen one stays listed before any search. */
function PartPicker({ line, label, error, onChange }: { line: LineDraft; label: string; error?: string; onChange: (patch: Partial<LineDraft>) => void }) {
  const api = useApi();
  const { t } = useTranslation('jobTemplates');
  const [search, setSearch] = useState('');
  const query = useQuery({ queryKey: inventoryKeys.parts(search, '', 0), queryFn: () => inventoryApi.parts(api, { search, stock: '', page: 0 }) });
  const found = (query.data?.content ?? []).map((p) => ({
    value: String(p.id),
    label: t('editor.partOption', { name: p.name, count: p.quantity ?? 0 }),
    name: p.name,
  }));
  const chosen =
    line.partId && !found.some((o) => o.value === line.partId) ? [{ value: line.partId, label: line.partName ?? `#${line.partId}`, name: line.partName }] : [];
  const options = [...chosen, ...found];
  return (
    <Select
      label={label}
      required
      searchable
      placeholder={t('editor.partSearch')}
      data={options.map(({ value, label: text }) => ({ value, label: text }))}
      value={line.partId}
      onChange={(value) => onChange({ partId: value, partName: options.find((o) => o.value === value)?.name ?? null })}
      onSearchChange={setSearch}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Create or edit a job template (issue 35): its name, its steps in order, and its kit of labour, parts and other costs. */
export function JobTemplateDialog({ template, onClose }: { template: JobTemplate | null; onClose: () => void }) {
  const { t } = useTranslation('jobTemplates');
  const money = useRights().money;
  const save = useSaveJobTemplate();
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(template));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const setStep = (i: number, value: string) => setDraft((d) => ({ ...d, steps: d.steps.map((s, n) => (n === i ? value : s)) }));
  const setLine = (i: number, patch: Partial<LineDraft>) => setDraft((d) => ({ ...d, lines: d.lines.map((l, n) => (n === i ? { ...l, ...patch } : l)) }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (save.isPending) {
      return;
    }
    const found = Object.fromEntries(Object.entries(draftErrors(draft)).map(([field, key]) => [field, t(`editor.errors.${key}`)]));
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      return;
    }
    try {
      await save.mutateAsync({ id: template?.id ?? null, input: templateInput(draft) });
      onClose();
    } catch (err) {
      const fields = serverFieldErrors(err);
      setErrors(fields);
      const placed = ['name', ...draft.lines.flatMap((_l, i) => ['hours', 'rate', 'partId', 'quantity', 'description', 'cost'].map((f) => `lines.${i}.${f}`))];
      const rest = unplacedMessages(fields, placed);
      if (Object.keys(fields).length === 0 || rest.length > 0) {
        setFailure(rest.join(' ') || (err instanceof Error && err.message) || t('editor.saveFailed'));
      }
    }
  }

  return (
    <FormDialog
      title={template ? t('editor.editTitle', { name: template.name }) : t('editor.newTitle')}
      formLabel={t('editor.formLabel')}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      failure={failure}
      busy={save.isPending}
      submitLabel={t('editor.save')}
      size="lg"
    >
      <TextInput
        label={t('editor.name')}
        required
        data-autofocus
        maxLength={JobTemplateLimits.name}
        placeholder={t('editor.namePlaceholder')}
        value={draft.name}
        error={errors.name}
        onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
      />
      <Fieldset legend={t('editor.steps')} variant="unstyled">
        <Text size="xs" c="dimmed" mb={6}>
          {t('editor.stepsHint')}
        </Text>
        <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('editor.steps')}>
          {draft.steps.map((step, i) => (
            <Group key={i} component="li" gap={4} wrap="nowrap" align="flex-end">
              <TextInput
                style={{ flex: 1 }}
                label={t('editor.step', { number: i + 1 })}
                maxLength={JobTemplateLimits.step}
                value={step}
                error={errors[`steps.${i}`]}
                onChange={(e) => setStep(i, e.currentTarget.value)}
              />
              <ActionIcon
                variant="subtle"
                size="lg"
                disabled={i === 0}
                aria-label={t('editor.moveStepUp', { number: i + 1 })}
                onClick={() => setDraft((d) => ({ ...d, steps: movedUp(d.steps, i) }))}
              >
                <IconArrowUp size={18} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('editor.removeStep', { number: i + 1 })}
                onClick={() => setDraft((d) => ({ ...d, steps: d.steps.filter((_s, n) => n !== i) }))}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        {errors.steps && (
          <Text size="sm" c="red" role="alert" mt={4}>
            {errors.steps}
          </Text>
        )}
        <Button
          mt="xs"
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={draft.steps.length >= JobTemplateLimits.steps}
          onClick={() => setDraft((d) => ({ ...d, steps: [...d.steps, ''] }))}
        >
          {t('editor.addStep')}
        </Button>
      </Fieldset>
      <Fieldset legend={t('editor.lines')} variant="unstyled">
        <Text size="xs" c="dimmed" mb={6}>
          {t('editor.linesHint')}
        </Text>
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('editor.lines')}>
          {draft.lines.map((line, i) => {
            const at = `lines.${i}`;
            return (
              <Stack key={i} gap={4} component="li" p="xs" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}>
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <NativeSelect
                    style={{ flex: 1 }}
                    label={t('editor.kindLabel')}
                    aria-label={t('editor.kind', { number: i + 1 })}
                    value={line.kind}
                    data={WORK_ORDER_LINE_KINDS.map((k) => ({ value: k, label: t(`editor.kinds.${k}`) }))}
                    onChange={(e) => setLine(i, { kind: e.currentTarget.value as WorkOrderLineKind })}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('editor.removeLine', { number: i + 1 })}
                    onClick={() => setDraft((d) => ({ ...d, lines: d.lines.filter((_l, n) => n !== i) }))}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
                {line.kind === 'labour' && (
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                    <TextInput
                      label={t('editor.hours')}
                      required
                      {...decimal}
                      value={line.hours}
                      error={errors[`${at}.hours`]}
                      onChange={(e) => setLine(i, { hours: e.currentTarget.value })}
                    />
                    {money && (
                      <TextInput
                        label={t('editor.rate')}
                        description={t('editor.optional')}
                        {...decimal}
                        value={line.rate}
                        error={errors[`${at}.rate`]}
                        onChange={(e) => setLine(i, { rate: e.currentTarget.value })}
                      />
                    )}
                  </SimpleGrid>
                )}
                {line.kind === 'part' && (
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                    <PartPicker line={line} label={t('editor.part')} error={errors[`${at}.partId`]} onChange={(patch) => setLine(i, patch)} />
                    <TextInput
                      label={t('editor.quantity')}
                      required
                      inputMode="numeric"
                      value={line.quantity}
                      error={errors[`${at}.quantity`]}
                      onChange={(e) => setLine(i, { quantity: e.currentTarget.value })}
                    />
                  </SimpleGrid>
                )}
                {line.kind === 'other' && (
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                    <TextInput
                      label={t('editor.description')}
                      required
                      maxLength={WorkLimits.title}
                      value={line.description}
                      error={errors[`${at}.description`]}
                      onChange={(e) => setLine(i, { description: e.currentTarget.value })}
                    />
                    {money && (
                      <TextInput
                        label={t('editor.cost')}
                        required
                        {...decimal}
                        value={line.cost}
                        error={errors[`${at}.cost`]}
                        onChange={(e) => setLine(i, { cost: e.currentTarget.value })}
                      />
                    )}
                  </SimpleGrid>
                )}
              </Stack>
            );
          })}
        </Stack>
        <Button
          mt="xs"
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={draft.lines.length >= JobTemplateLimits.lines}
          onClick={() => setDraft((d) => ({ ...d, lines: [...d.lines, newLine()] }))}
        >
          {t('editor.addLine')}
        </Button>
      </Fieldset>
    </FormDialog>
  );
}
