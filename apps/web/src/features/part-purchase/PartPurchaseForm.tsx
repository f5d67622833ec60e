import { Anchor, Fieldset, NativeSelect, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import dayjs from 'dayjs';
import { PART_STATUSES, PURCHASE_TEXT_LIMITS } from '@wrenchlog/contracts/limits';
import { useForm } from '@mantine/form';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useApi } from '../../core/context';
import type { Purchase } from '../../api/types';
import { refusalDetail, type Banner } from '../../core/forms/FormBanner';
import { MachineSelect } from '../../core/forms/MachineSelect';
import { errorsAfterBlur, validateTouched } from '../../core/forms/error-timing';
import { useRights } from '../../core/rights';
import { auditOf } from '../../lib/audit';
import { RecordFormFrame, useRecordFormActions, WithRecord, type RecordFormProps } from '../../core/forms/RecordForm';
import { LEAVING, useSubmit } from '../../core/forms/useSubmit';
import type { Part } from '../inventory/inventory-api';
import { InventoryPartSelect } from './InventoryPartSelect';
import { purchaseApi, purchaseKeys, useDeletePurchase, useSavePurchase } from './purchase-api';
import { currencySymbol } from '../../lib/format';
import { emptyPurchaseValues, purchaseValues, toPurchaseBody, validatePurchase, type PurchaseField, type PurchaseFormValues } from './purchase-logic';
import { DateField } from '../../core/forms/DateField';

export const PURCHASE_TEXT = {
  created: 'Success',
  updated: 'Purchase updated successfully!',
  loadFailed: 'Failed to load purchase details.',
  futureDate: 'This date is in the future.',
  notFound: { title: 'Purchase not found', backTo: '/parts', backLabel: 'Back to parts' },
  createFailed: 'Failed to create purchase. Please try again.',
  updateFailed: 'Failed to update purchase. Please try again.',
  deleteFailed: 'Failed to delete purchase. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this purchase? This action cannot be undone.',
} as const;

export type PartPurchaseFormProps = RecordFormProps<Purchase>;

/** 'Create Part Purchase' / 'Part Details' in the modes fast, fastView and full (spec doc 2 section 2). */
export function PartPurchaseForm(props: PartPurchaseFormProps) {
  const api = useApi();
  return (
    <WithRecord
      recordId={props.recordId}
      queryKey={purchaseKeys.detail(props.recordId ?? 0)}
      load={(id) => purchaseApi.get(api, id)}
      loadingText="Loading purchase details..."
      errorText={PURCHASE_TEXT.loadFailed}
      notFound={PURCHASE_TEXT.notFound}
    >
      {(purchase) => <PurchaseForm key={purchase?.id ?? 'new'} {...props} purchase={purchase} />}
    </WithRecord>
  );
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset
      legend={legend}
      variant="unstyled"
      styles={{
        root: { padding: 0, margin: 0, border: 0, minWidth: 0 },
        legend: { padding: 0, fontWeight: 700, fontSize: 'var(--mantine-font-size-md)', marginBottom: 8 },
      }}
    >
      <Stack gap="sm">{children}</Stack>
    </Fieldset>
  );
}

function PurchaseForm({ mode, machineId, onSaved, onCancel, onDeleted, purchase }: PartPurchaseFormProps & { purchase: Purchase | null }) {
  const save = useSavePurchase();
  const remove = useDeletePurchase();
  const navigate = useNavigate();
  const isNew = purchase === null;
  const full = mode === 'full';
  // Issue 32: a role that may not change purchases reads them only.
  const mayWrite = useRights().may('inventory.write');
  const readOnly = mode === 'fastView' || !mayWrite;

  const form = useForm<PurchaseFormValues>({
    initialValues: purchase ? purchaseValues(purchase) : emptyPurchaseValues(machineId, new Date()),
    validate: validatePurchase,
    ...errorsAfterBlur<PurchaseFormValues>(),
  });
  const values = form.getValues();
  const submit = useSubmit<Banner>({
    log: 'Purchase save failed',
    failure: (err) => ({ kind: 'error', title: isNew ? PURCHASE_TEXT.createFailed : PURCHASE_TEXT.updateFailed, detail: refusalDetail(err) }),
  });
  const { busy, setOutcome: setBanner, run } = submit;
  const valid = form.isValid();
  const chosenMachine = Number(values.machineId) || undefined;
  // Leaving goes to the machine's Parts History, or to /parts when there is no machine.
  const leaveTo = chosenMachine ? `/machines/${chosenMachine}?tab=parts` : '/parts';

  const input = (name: PurchaseField) => ({
    ...form.getInputProps(name),
    disabled: readOnly || busy,
    ...(name in PURCHASE_TEXT_LIMITS ? { maxLength: PURCHASE_TEXT_LIMITS[name as keyof typeof PURCHASE_TEXT_LIMITS].max } : {}),
  });

  /** A part picked from the inventory fills its name, number, description and (when empty) the price. */
  function pickPart(part: Part | null) {
    form.setValues((v) =>
      part
        ? {
            partId: String(part.id),
            partName: part.name,
            partNumber: part.partNumber,
            partDescription: part.description ?? v.partDescription,
            price: v.price || Number(part.price).toFixed(2),
          }
        : { partId: '' },
    );
    validateTouched(form, ['partName', 'partNumber', 'partDescription', 'price']);
  }

  function reset() {
    form.setValues(emptyPurchaseValues(machineId, new Date()));
    form.resetTouched();
    form.clearErrors();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    // Save is disabled while a message would show; an Enter in a field does nothing either.
    if (readOnly || busy || !valid) {
      return;
    }
    await run(async () => {
      const body = toPurchaseBody(form.getValues(), purchase, new Date());
      const saved = await save.mutateAsync({ id: purchase?.id, body, previous: purchase });
      onSaved?.(saved);
      if (full) {
        void navigate(saved.machineId ? `/machines/${saved.machineId}?tab=parts` : '/parts');
        return LEAVING;
      }
      if (isNew) {
        reset();
        setBanner({
          kind: 'success',
          title: PURCHASE_TEXT.created,
          detail: (
            <Anchor component={Link} to={`/part-purchase/${saved.id}?mode=full`} size="sm" fw={600}>
              Purchase of {saved.partName} created. Open it
            </Anchor>
          ),
        });
      } else {
        setBanner({ kind: 'success', title: PURCHASE_TEXT.updated });
      }
    });
  }

  const { frame } = useRecordFormActions({
    mode,
    onCancel,
    onDeleted,
    reset,
    submit,
    cancelTo: leaveTo,
    deletion: purchase && {
      remove: () => remove.mutateAsync(purchase),
      leaveTo,
      failTitle: PURCHASE_TEXT.deleteFailed,
    },
  });

  const pairs = full ? { base: 1, sm: 2 } : 2;
  return (
    <RecordFormFrame
      {...frame}
      title={isNew ? 'Create Part Purchase' : 'Part Details'}
      onSubmit={onSubmit}
      submitLabel={isNew ? 'Create Purchase' : 'Update Purchase'}
      submitDisabled={!valid}
      fullDetailsTo={purchase ? `/part-purchase/${purchase.id}?mode=full` : undefined}
      mayWrite={mayWrite}
      audit={auditOf(purchase, purchase?.createDate)}
      deleteTitle="Delete Purchase"
      deleteMessage={PURCHASE_TEXT.deleteConfirm}
    >
      {!machineId && (
        <MachineSelect
          noneLabel="No machine"
          value={values.machineId}
          disabled={readOnly || busy}
          onChange={(value) => form.setFieldValue('machineId', value)}
        />
      )}
      <Section legend="Part Information">
        {full && <InventoryPartSelect value={values.partId} disabled={readOnly || busy} onPick={pickPart} />}
        <TextInput label="Part Name" required {...input('partName')} />
        {full && (
          <>
            <TextInput label="Part Number" {...input('partNumber')} />
            <Textarea label="Description" autosize minRows={2} maxRows={6} {...input('partDescription')} />
            <TextInput label="URL" type="url" placeholder="https://" {...input('partUrl')} />
          </>
        )}
      </Section>
      <Section legend="Purchase Information">
        <SimpleGrid cols={pairs} spacing="sm">
          <TextInput label="Quantity" type="number" inputMode="numeric" min={1} step={1} required {...input('quantity')} />
          <TextInput label={`Price (${currencySymbol()})`} type="number" inputMode="decimal" min={0} step={0.01} required {...input('price')} />
        </SimpleGrid>
        {/* Side by side only where a date box fits (not in the narrow quick-create column). */}
        <SimpleGrid cols={full ? { base: 1, sm: 2 } : 1} spacing="sm">
          <NativeSelect label="Status" required data={PART_STATUSES.map((s) => ({ value: s, label: s }))} {...input('partStatus')} />
          <DateField
            label="Purchase Date"
            required
            {...input('purchaseDate')}
            // Allowed (an order placed ahead), but said, in case it was a typo.
            description={!readOnly && values.purchaseDate > dayjs().format('YYYY-MM-DD') ? PURCHASE_TEXT.futureDate : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        </SimpleGrid>
      </Section>
      <Section legend="Store Information">
        <TextInput label="Store Name" required {...input('storeName')} />
        {full && (
          <SimpleGrid cols={pairs} spacing="sm">
            <TextInput label="City" {...input('storeCity')} />
            <TextInput label="State" {...input('storeState')} />
          </SimpleGrid>
        )}
      </Section>
    </RecordFormFrame>
  );
}
