import { ActionIcon, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { INSPECTION_ITEM_KINDS, InspectionLimits } from '@wrenchlog/contracts/limits';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { FormDialog } from '../../core/forms/FormDialog';
import { draftErrors, draftOf, formInput, KIND_LABELS, newItem, type FormDraft, type ItemDraft } from './form-editing';
import { useSaveForm, type InspectionForm } from './inspection-api';

/** Create, edit or copy a form: its name, machine type, frequency and items. */
export function FormEditorDialog({ form, copy, onClose }: { form: InspectionForm | null; copy: boolean; onClose: () => void }) {
  const save = useSaveForm();
  const [draft, setDraft] = useState<FormDraft>(() => draftOf(form, copy));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const editing = form !== null && !copy;
  const setItem = (i: number, patch: Partial<ItemDraft>) =>
    setDraft((d) => ({ ...d, items: d.items.map((item, n) => (n === i ? { ...item, ...patch } : item)) }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = draftErrors(draft);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      return;
    }
    try {
      await save.mutateAsync({ id: editing ? form.id : null, form: formInput(draft) });
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? Object.fromEntries((err.body?.errors ?? []).map((f) => [f.field, f.message])) : {};
      setErrors(fields);
      setFailure(err instanceof Error ? err.message : 'The form could not be saved.');
    }
  }

  return (
    <FormDialog
      title={editing ? `Edit ${form.name}` : 'New inspection form'}
      formLabel="Inspection form"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      failure={failure}
      busy={save.isPending}
      submitLabel="Save form"
    >
      <TextInput
        label="Name"
        required
        maxLength={InspectionLimits.name}
        data-autofocus
        value={draft.name}
        error={errors.name}
        onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
      />
      <Group grow align="flex-start" gap="xs">
        <TextInput
          label="Machine type"
          description="Optional"
          maxLength={InspectionLimits.machineType}
          value={draft.machineType}
          onChange={(e) => setDraft({ ...draft, machineType: e.currentTarget.value })}
        />
        <NativeSelect
          label="Frequency"
          value={draft.frequency}
          data={[
            { value: '', label: 'When chosen' },
            { value: 'daily', label: 'Every day the machine is used' },
            { value: 'weekly', label: 'Weekly' },
          ]}
          onChange={(e) => setDraft({ ...draft, frequency: e.currentTarget.value as FormDraft['frequency'] })}
        />
      </Group>
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Items">
        {draft.items.map((item, i) => (
          <Stack key={i} gap={4} component="li" p="xs" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={`Item ${i + 1}`}
                required
                maxLength={InspectionLimits.label}
                value={item.label}
                error={errors[`items.${i}.label`]}
                onChange={(e) => setItem(i, { label: e.currentTarget.value })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove item ${i + 1}`}
                onClick={() => setDraft((d) => ({ ...d, items: d.items.filter((_x, n) => n !== i) }))}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <NativeSelect
                label="Kind"
                aria-label={`Kind of item ${i + 1}`}
                value={item.kind}
                data={INSPECTION_ITEM_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
                onChange={(e) => setItem(i, { kind: e.currentTarget.value as ItemDraft['kind'] })}
              />
              {item.kind === 'number' && (
                <>
                  <TextInput
                    w={90}
                    label="Min"
                    aria-label={`Min of item ${i + 1}`}
                    inputMode="decimal"
                    value={item.min}
                    error={errors[`items.${i}.min`]}
                    onChange={(e) => setItem(i, { min: e.currentTarget.value })}
                  />
                  <TextInput
                    w={90}
                    label="Max"
                    aria-label={`Max of item ${i + 1}`}
                    inputMode="decimal"
                    value={item.max}
                    onChange={(e) => setItem(i, { max: e.currentTarget.value })}
                  />
                </>
              )}
              <Checkbox
                label="Required"
                aria-label={`Item ${i + 1} required`}
                checked={item.required}
                onChange={(e) => setItem(i, { required: e.currentTarget.checked })}
              />
            </Group>
          </Stack>
        ))}
      </Stack>
      {errors.items && (
        <Text size="sm" c="red" role="alert">
          {errors.items}
        </Text>
      )}
      <Button
        variant="default"
        leftSection={<IconPlus size={16} />}
        onClick={() => setDraft((d) => ({ ...d, items: [...d.items, newItem()] }))}
        disabled={draft.items.length >= InspectionLimits.items}
      >
        Add item
      </Button>
    </FormDialog>
  );
}
