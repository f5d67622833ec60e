import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../components/states';
import { useRights } from '../../core/rights';
import { FormEditorDialog } from './FormEditorDialog';
import { useDeleteForm, useInspectionForms, type InspectionForm } from './inspection-api';

const FREQUENCY = { daily: 'Every day used', weekly: 'Weekly' } as const;

/** Settings > Inspection forms (issue 35): the built-in forms (copy them) and the account's own (edit, delete). */
export default function InspectionFormsTab() {
  const may = useRights().may('inspectionform.write');
  const query = useInspectionForms();
  const remove = useDeleteForm();
  const [editing, setEditing] = useState<{ form: InspectionForm | null; copy: boolean } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function del(form: InspectionForm) {
    setFailure(null);
    if (!window.confirm(`Delete the form "${form.name}"? Inspections made with it keep their answers.`)) {
      return;
    }
    try {
      await remove.mutateAsync(form.id);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : 'The form could not be deleted.');
    }
  }

  return (
    <Card padding="lg" component="section" aria-labelledby="inspection-forms-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz="lg" id="inspection-forms-title">
          Inspection forms
        </Title>
        {may && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ form: null, copy: false })}>
            New form
          </Button>
        )}
      </Group>
      {failure && (
        <Text c="red" role="alert" mb="sm">
          {failure}
        </Text>
      )}
      {query.isPending ? (
        <LoadingState text="Loading inspection forms..." />
      ) : query.isError ? (
        <ErrorState text="Failed to load inspection forms" onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Text c="dimmed">No inspection forms.</Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Inspection forms">
          {query.data.map((f) => (
            <Group
              key={f.id}
              component="li"
              justify="space-between"
              py="xs"
              gap="xs"
              wrap="wrap"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{f.name}</Text>
                  {f.builtIn && <Badge variant="light">Built in</Badge>}
                </Group>
                <Text size="xs" c="dimmed">
                  {f.items.length} items{f.machineType ? ` · ${f.machineType}` : ''}
                  {f.frequency ? ` · ${FREQUENCY[f.frequency]}` : ''}
                </Text>
              </Stack>
              {may && (
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => setEditing({ form: f, copy: true })} aria-label={`Copy ${f.name}`}>
                    Copy
                  </Button>
                  {!f.builtIn && (
                    <>
                      <Button size="xs" variant="default" onClick={() => setEditing({ form: f, copy: false })} aria-label={`Edit ${f.name}`}>
                        Edit
                      </Button>
                      <Button size="xs" variant="default" color="red" onClick={() => void del(f)} aria-label={`Delete ${f.name}`}>
                        Delete
                      </Button>
                    </>
                  )}
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {editing && <FormEditorDialog form={editing.form} copy={editing.copy} onClose={() => setEditing(null)} />}
    </Card>
  );
}
