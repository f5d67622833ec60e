import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { PartInput, SupplierInput } from '@wrenchlog/contracts';
import { PART_CATEGORIES } from '@wrenchlog/contracts/limits';
import { useApi } from '../../core/context';
import { errorsAfterBlur } from '../../core/forms/error-timing';
import { DESKTOP_QUERY } from '../../core/theme';
import { ApiError } from '../../api/client';
import { inventoryApi, inventoryKeys, useDeletePart, useDeleteSupplier, useSavePart, useSaveSupplier, type Part, type Supplier } from './inventory-api';
import { currencySymbol } from '../../lib/format';
import { validatePart, validateSupplier, type PartFormValues, type SupplierFormValues } from './inventory-logic';

export const DELETE_PART_CONFIRM = 'Are you sure you want to delete this part? This action cannot be undone.';
export const DELETE_SUPPLIER_CONFIRM = 'Are you sure you want to delete this supplier? This action cannot be undone.';

type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Field messages of a 400 answer ({errors: [{field, message}]}), keyed by the last path segment. */
function serverFieldErrors<K extends string>(err: unknown, fields: readonly K[]): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  if (err instanceof ApiError) {
    for (const e of err.body?.errors ?? []) {
      const field = String(e.field ?? '')
        .split('.')
        .pop() as K;
      if (fields.includes(field) && !out[field]) {
        out[field] = e.message;
      }
    }
  }
  return out;
}

function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.body?.message && err.status !== 500) {
    return err.body.message;
  }
  return fallback;
}

function DialogShell({ opened, title, onClose, children }: { opened: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" fullScreen={!desktop} radius="md" styles={{ title: { fontWeight: 700, fontSize: 20 } }}>
      {children}
    </Modal>
  );
}

/** Cancel / Save / Delete, or the delete confirmation in their place. */
function DialogFooter({
  saveLabel,
  deleteLabel,
  confirmText,
  canSave,
  busy,
  onCancel,
  onDelete,
  editing,
}: {
  saveLabel: string;
  deleteLabel: string;
  confirmText: string;
  canSave: boolean;
  busy: boolean;
  onCancel: () => void;
  onDelete: () => Promise<void>;
  editing: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  if (confirming) {
    return (
      <Alert color="red" variant="light" role="alertdialog" aria-label={deleteLabel} mt="md">
        <Text size="sm" mb="sm">
          {confirmText}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              // Back to the normal buttons when the delete failed (the message stays above them).
              void onDelete().then(() => setConfirming(false));
            }}
            loading={busy}
            data-autofocus
          >
            Delete
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Group justify="space-between" mt="lg" gap="sm">
      <div>
        {editing && (
          <Button color="red" variant="light" onClick={() => setConfirming(true)} disabled={busy}>
            {deleteLabel}
          </Button>
        )}
      </div>
      <Group gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSave} loading={busy}>
          {saveLabel}
        </Button>
      </Group>
    </Group>
  );
}

const PART_FIELDS = ['partNumber', 'brand', 'name', 'description', 'category', 'quantity', 'minStock', 'price', 'supplierId'] as const;

function partValues(part: Part | null): PartFormValues {
  return {
    partNumber: part?.partNumber ?? '',
    brand: part?.brand ?? '',
    name: part?.name ?? '',
    description: part?.description ?? '',
    category: part?.category ?? '',
    quantity: part ? String(part.quantity) : '',
    minStock: part ? String(part.minStock) : '',
    price: part ? String(part.price) : '',
    supplierId: part?.supplierId ? String(part.supplierId) : '',
  };
}

/** 'Add New Part' / 'Edit Part' (spec section 2; rules section 5). */
export function PartDialog({
  part,
  onClose,
  onSaved,
  onDeleted,
}: {
  part: Part | null;
  onClose: () => void;
  onSaved: (part: Part) => void;
  onDeleted: (id: number) => void;
}) {
  const api = useApi();
  const savePart = useSavePart();
  const deletePart = useDeletePart();
  const editing = part !== null;
  const suppliers = useQuery({ queryKey: inventoryKeys.allSuppliers(), queryFn: () => inventoryApi.allSuppliers(api) });
  const form = useForm<PartFormValues>({ initialValues: partValues(part), validate: validatePart, ...errorsAfterBlur<PartFormValues>() });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form.isValid() || busy) {
      return;
    }
    const v = form.getValues();
    const input: PartInput = {
      partNumber: v.partNumber.trim(),
      brand: v.brand.trim() || null,
      name: v.name.trim(),
      description: v.description.trim() || null,
      category: v.category as PartInput['category'],
      quantity: Number(v.quantity),
      minStock: Number(v.minStock),
      price: Number(v.price),
      supplierId: Number(v.supplierId),
    };
    setBusy(true);
    setFailure(null);
    try {
      const saved = await savePart.mutateAsync({ id: editing ? part.id : undefined, input });
      onSaved(saved);
    } catch (err) {
      form.setErrors(serverFieldErrors(err, PART_FIELDS));
      setFailure(errorText(err, 'Failed to save the part. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function onDelete() {
    if (!part) {
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await deletePart.mutateAsync(part.id);
      onDeleted(part.id);
    } catch (err) {
      setFailure(errorText(err, 'Failed to delete the part. Please try again.'));
      setBusy(false);
    }
  }

  const supplierOptions = [
    { value: '', label: suppliers.isPending ? 'Loading suppliers...' : 'Select a supplier' },
    ...(suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
  ];
  // Keep the part's supplier selectable even before the list arrives.
  if (part && !supplierOptions.some((o) => o.value === String(part.supplierId))) {
    supplierOptions.push({ value: String(part.supplierId), label: part.supplier });
  }
  const title = editing ? 'Edit Part' : 'Add New Part';
  return (
    <DialogShell opened title={title} onClose={onClose}>
      <form onSubmit={(e) => void onSubmit(e)} aria-label={title} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {failure}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Part Number" required {...form.getInputProps('partNumber')} />
            <TextInput label="Brand" {...form.getInputProps('brand')} />
          </SimpleGrid>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect
              label="Category"
              required
              data={[{ value: '', label: 'Select a category' }, ...PART_CATEGORIES.map((c) => ({ value: c, label: c }))]}
              {...form.getInputProps('category')}
            />
            <NativeSelect
              label="Supplier"
              required
              data={supplierOptions}
              description={suppliers.isSuccess && suppliers.data.length === 0 ? 'Add a supplier first (Add Supplier).' : undefined}
              {...form.getInputProps('supplierId')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput label="Quantity" type="number" inputMode="numeric" min={0} step={1} required {...form.getInputProps('quantity')} />
            <TextInput label="Min Stock" type="number" inputMode="numeric" min={0} step={1} required {...form.getInputProps('minStock')} />
            <TextInput label={`Price (${currencySymbol()})`} type="number" inputMode="decimal" min={0} step={0.01} required {...form.getInputProps('price')} />
          </SimpleGrid>
        </Stack>
        <DialogFooter
          saveLabel="Save Part"
          deleteLabel="Delete Part"
          confirmText={DELETE_PART_CONFIRM}
          canSave={form.isValid()}
          busy={busy}
          onCancel={onClose}
          onDelete={onDelete}
          editing={editing}
        />
      </form>
    </DialogShell>
  );
}

const SUPPLIER_FIELDS = ['name', 'contact', 'email', 'phone', 'address'] as const;

/** 'Add New Supplier' / 'Edit Supplier'. A delete the server refuses (409: parts use it) shows its message. */
export function SupplierDialog({
  supplier,
  onClose,
  onSaved,
  onDeleted,
}: {
  supplier: Supplier | null;
  onClose: () => void;
  onSaved: (s: Supplier) => void;
  onDeleted: (id: number) => void;
}) {
  const saveSupplier = useSaveSupplier();
  const deleteSupplier = useDeleteSupplier();
  const editing = supplier !== null;
  const form = useForm<SupplierFormValues>({
    initialValues: {
      name: supplier?.name ?? '',
      contact: supplier?.contact ?? '',
      email: supplier?.email ?? '',
      phone: supplier?.phone ?? '',
      address: supplier?.address ?? '',
    },
    validate: validateSupplier,
    ...errorsAfterBlur<SupplierFormValues>(),
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form.isValid() || busy) {
      return;
    }
    const v = form.getValues();
    const input: SupplierInput = {
      name: v.name.trim(),
      contact: v.contact.trim(),
      email: v.email.trim(),
      phone: v.phone.trim(),
      address: v.address.trim() || null,
    };
    setBusy(true);
    setFailure(null);
    try {
      const saved = await saveSupplier.mutateAsync({ id: editing ? supplier.id : undefined, input });
      onSaved(saved);
    } catch (err) {
      form.setErrors(serverFieldErrors(err, SUPPLIER_FIELDS));
      setFailure(errorText(err, 'Failed to save the supplier. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function onDelete() {
    if (!supplier) {
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await deleteSupplier.mutateAsync(supplier.id);
      onDeleted(supplier.id);
    } catch (err) {
      setFailure(errorText(err, 'Failed to delete the supplier. Please try again.'));
      setBusy(false);
    }
  }

  const title = editing ? 'Edit Supplier' : 'Add New Supplier';
  return (
    <DialogShell opened title={title} onClose={onClose}>
      <form onSubmit={(e) => void onSubmit(e)} aria-label={title} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label="Company Name" required {...form.getInputProps('name')} />
          <TextInput label="Contact Person" required {...form.getInputProps('contact')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
            <TextInput label="Phone" type="tel" required {...form.getInputProps('phone')} />
          </SimpleGrid>
          <Textarea label="Address" autosize minRows={3} maxRows={6} placeholder="street, city, state zip" {...form.getInputProps('address')} />
        </Stack>
        <DialogFooter
          saveLabel="Save Supplier"
          deleteLabel="Delete Supplier"
          confirmText={DELETE_SUPPLIER_CONFIRM}
          canSave={form.isValid()}
          busy={busy}
          onCancel={onClose}
          onDelete={onDelete}
          editing={editing}
        />
      </form>
    </DialogShell>
  );
}
