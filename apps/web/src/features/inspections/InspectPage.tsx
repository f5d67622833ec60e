import { Alert, Button, Card, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { InspectionLimits } from '@wrenchlog/contracts/limits';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { machineKeys, machinesApi } from '../../api/machines';
import { Page, PageHeader } from '../../components/PageHeader';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { useApi } from '../../core/context';
import { isQueuedOffline } from '../../core/offline/queued';
import { useRights } from '../../core/rights';
import { ChecklistItem } from './ChecklistItem';
import { useCreateInspection, useInspectionForms, type InspectionForm } from './inspection-api';
import { answerErrors, emptyAnswers, formsFor, inspectionInput, type AnswerDraft } from './inspection-logic';

const today = () => new Date().toISOString().slice(0, 10);

/** The server's field messages under their items: `items.<itemId>` and `items.<itemId>.value`. */
function itemErrors(err: unknown): Record<string, string> {
  const fields = err instanceof ApiError ? (err.body?.errors ?? []) : [];
  return Object.fromEntries(fields.flatMap((f) => (/^items\.[A-Za-z0-9_-]+(\.value)?$/.test(f.field) ? [[f.field.split('.')[1]!, f.message]] : [])));
}

function Checklist({ machineId, form }: { machineId: number; form: InspectionForm }) {
  const navigate = useNavigate();
  const create = useCreateInspection(machineId);
  const [answers, setAnswers] = useState<Record<string, AnswerDraft>>(() => emptyAnswers(form));
  const [extra, setExtra] = useState({ readAt: today(), distance: '', hours: '', signedBy: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const found = answerErrors(form, answers);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setFailure(`Answer every required item (${Object.keys(found).length} left).`);
      return;
    }
    try {
      const made = await create.mutateAsync(inspectionInput(form, answers, extra));
      void navigate(`/inspections/${made.id}`);
    } catch (err) {
      if (isQueuedOffline(err)) {
        // Offline (issue 34): kept on the device and sent later with the same Idempotency-Key.
        setQueued(true);
        return;
      }
      setErrors(itemErrors(err));
      setFailure(err instanceof ApiError && err.status < 500 ? err.message : 'The inspection could not be saved. Try again.');
    }
  }

  if (queued) {
    return (
      <Alert color="blue" title="Inspection saved on this device: waiting to send" role="status">
        It is sent when the connection is back; failed items then open their issues. <Link to={`/machines/${machineId}`}>Back to the machine</Link>
      </Alert>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Inspection checklist" noValidate>
      <Stack gap="md">
        <Group grow align="flex-start" gap="xs">
          <TextInput label="Date" type="date" required value={extra.readAt} onChange={(e) => setExtra({ ...extra, readAt: e.currentTarget.value })} />
          <TextInput label="Odometer" inputMode="decimal" value={extra.distance} onChange={(e) => setExtra({ ...extra, distance: e.currentTarget.value })} />
          <TextInput label="Hour meter" inputMode="decimal" value={extra.hours} onChange={(e) => setExtra({ ...extra, hours: e.currentTarget.value })} />
        </Group>
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Checklist">
          {form.items.map((item) => (
            <ChecklistItem
              key={item.id}
              item={item}
              answer={answers[item.id]!}
              error={errors[item.id]}
              onChange={(next) => {
                setAnswers((all) => ({ ...all, [item.id]: next }));
                setErrors(({ [item.id]: _done, ...rest }) => rest);
              }}
            />
          ))}
        </Stack>
        <TextInput
          label="Signed by"
          description="Type your name to sign the inspection"
          maxLength={InspectionLimits.signedBy}
          value={extra.signedBy}
          onChange={(e) => setExtra({ ...extra, signedBy: e.currentTarget.value })}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" size="lg" loading={create.isPending}>
          Submit inspection
        </Button>
      </Stack>
    </form>
  );
}

/** /machines/:name/inspect (issue 35): choose a form, answer its checklist, sign, submit. */
export default function InspectPage() {
  const { name } = useParams();
  const machineId = Number(name);
  const valid = Number.isInteger(machineId) && machineId > 0;
  const api = useApi();
  const may = useRights().may('inspection.write');
  const machine = useQuery({ queryKey: machineKeys.detail(machineId), queryFn: () => machinesApi.get(api, machineId), enabled: valid });
  const forms = useInspectionForms(valid && may);
  const ordered = useMemo(() => formsFor(forms.data ?? [], machine.data?.type), [forms.data, machine.data?.type]);
  const [chosen, setChosen] = useState<number | null>(null);
  const form = ordered.find((f) => f.id === chosen) ?? ordered[0];

  let body;
  if (!valid || !may || (machine.error instanceof ApiError && machine.error.status === 404)) {
    body = <EmptyBlock icon={<IconClipboardCheck size={28} />} title={!may ? 'Your role cannot do inspections' : 'Machine not found'} />;
  } else if (machine.isPending || forms.isPending) {
    body = <LoadingState text="Loading the checklists..." />;
  } else if (machine.isError || forms.isError) {
    body = <ErrorState text="Failed to load the checklists" onRetry={() => void Promise.all([machine.refetch(), forms.refetch()])} />;
  } else if (!form) {
    body = (
      <EmptyBlock
        icon={<IconClipboardCheck size={28} />}
        title="No inspection forms"
        description="An owner or manager adds them in Settings > Inspection forms."
      />
    );
  } else {
    body = (
      <Card padding="md">
        <Stack gap="md">
          <NativeSelect
            label="Form"
            value={String(form.id)}
            data={ordered.map((f) => ({ value: String(f.id), label: f.name }))}
            onChange={(e) => setChosen(Number(e.currentTarget.value))}
          />
          <Checklist key={form.id} machineId={machineId} form={form} />
        </Stack>
      </Card>
    );
  }
  return (
    <Page>
      <PageHeader
        title={machine.data ? `Inspect ${machine.data.name}` : 'Inspect'}
        actions={
          valid && (
            <Button component={Link} to={`/machines/${machineId}`} variant="default">
              Back to machine
            </Button>
          )
        }
      />
      <Text size="sm" c="dimmed" mb="sm">
        A failed item, or a number outside its range, opens an issue on the machine.
      </Text>
      {body}
    </Page>
  );
}
