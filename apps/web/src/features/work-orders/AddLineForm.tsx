import { Button, Group, NativeSelect, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { WorkOrderLineInput } from '@wrenchlog/contracts';
import { WorkLimits, type WorkOrderLineKind } from '@wrenchlog/contracts/limits';
import { useState } from 'react';
import { useApi, useSession } from '../../core/context';
import { useRights } from '../../core/rights';
import { serverFieldErrors, unplacedMessages } from '../../core/forms/server-errors';
import { inventoryApi, inventoryKeys } from '../inventory/inventory-api';
import { usePeople } from './AssigneeSelect';
import { failureText } from './work-logic';
import { useWorkOrderLines } from './work-api';

const KIND_LABELS: Record<WorkOrderLineKind, string> = { labour: 'Labour', part: 'Part', other: 'Other' };

/** The inventory's parts matching what the user typed, for the part line's picker. */
function usePartOptions(search: string) {
  const api = useApi();
  const query = useQuery({ queryKey: inventoryKeys.parts(search, '', 0), queryFn: () => inventoryApi.parts(api, { search, stock: '', page: 0 }) });
  return (query.data?.content ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${p.quantity ?? 0} in stock)` }));
}

/** Adds a labour, part or other line to an open order; the server computes the amount and totals. */
export function AddLineForm({ orderId }: { orderId: number }) {
  const { add } = useWorkOrderLines(orderId);
  const { user } = useSession();
  const rights = useRights();
  const people = usePeople();
  const [kind, setKind] = useState<WorkOrderLineKind>('labour');
  const [userId, setUserId] = useState(user ? String(user.id) : '');
  const [hours, setHours] = useState('');
  const [rate, setRate] = useState('');
  const [partSearch, setPartSearch] = useState('');
  const [partId, setPartId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [description, setDescription] = useState('');
  const [cost, setCost] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const parts = usePartOptions(kind === 'part' ? partSearch : '');

  const num = (v: string) => (v.trim() === '' ? NaN : Number(v));
  function input(): WorkOrderLineInput {
    switch (kind) {
      case 'labour':
        return { kind, hours: num(hours), rate: rights.money ? num(rate) : 0, userId: userId ? Number(userId) : null };
      case 'part':
        return { kind, partId: partId ? Number(partId) : (undefined as unknown as number), quantity: num(quantity) };
      case 'other':
        return { kind, description: description.trim(), cost: num(cost) };
    }
  }

  function localErrors(line: WorkOrderLineInput): Record<string, string> {
    const e: Record<string, string> = {};
    if (kind === 'labour' && !(Number.isFinite(line.hours) && line.hours! > 0)) {
      e.hours = 'Hours must be more than 0';
    }
    if (kind === 'labour' && !(Number.isFinite(line.rate) && line.rate! >= 0)) {
      e.rate = 'Rate is required';
    }
    if (kind === 'part' && !line.partId) {
      e.partId = 'Part is required';
    }
    if (kind === 'part' && !(Number.isInteger(line.quantity) && line.quantity! >= 1)) {
      e.quantity = 'Quantity must be a whole number of at least 1';
    }
    if (kind === 'other' && !line.description) {
      e.description = 'Description is required';
    }
    if (kind === 'other' && !(Number.isFinite(line.cost) && line.cost! >= 0)) {
      e.cost = 'Cost is required';
    }
    return e;
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (add.isPending) {
      return;
    }
    const line = input();
    const local = localErrors(line);
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length > 0) {
      return;
    }
    try {
      await add.mutateAsync(line);
      setHours('');
      setDescription('');
      setCost('');
      setPartId(null);
      setQuantity('1');
    } catch (err) {
      const fields = serverFieldErrors(err);
      setErrors(fields);
      const rest = unplacedMessages(fields, ['hours', 'rate', 'userId', 'partId', 'quantity', 'description', 'cost']);
      if (Object.keys(fields).length === 0 || rest.length > 0) {
        setFailure(rest.join(' ') || failureText(err, 'The line could not be added. Try again.'));
      }
    }
  }

  const decimal = { inputMode: 'decimal' as const };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Add line" noValidate>
      <Stack gap="xs">
        <SegmentedControl
          value={kind}
          onChange={(v) => {
            setKind(v as WorkOrderLineKind);
            setErrors({});
          }}
          data={(['labour', 'part', 'other'] as const).map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          aria-label="Kind of line"
        />
        {failure && (
          <div role="alert" style={{ color: 'var(--mantine-color-red-7)' }}>
            {failure}
          </div>
        )}
        {kind === 'labour' && (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
            <NativeSelect
              label="Person"
              value={userId}
              error={errors.userId}
              onChange={(e) => setUserId(e.currentTarget.value)}
              data={[{ value: '', label: 'Nobody named' }, ...people]}
            />
            <TextInput label="Hours" required {...decimal} value={hours} error={errors.hours} onChange={(e) => setHours(e.currentTarget.value)} />
            {rights.money && <TextInput label="Rate" required {...decimal} value={rate} error={errors.rate} onChange={(e) => setRate(e.currentTarget.value)} />}
          </SimpleGrid>
        )}
        {kind === 'part' && (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
            <Select
              label="Part"
              required
              searchable
              placeholder="Search the inventory"
              nothingFoundMessage="No part found"
              data={parts}
              value={partId}
              onChange={setPartId}
              searchValue={partSearch}
              onSearchChange={setPartSearch}
              error={errors.partId}
            />
            <TextInput
              label="Quantity"
              required
              inputMode="numeric"
              value={quantity}
              error={errors.quantity}
              onChange={(e) => setQuantity(e.currentTarget.value)}
            />
          </SimpleGrid>
        )}
        {kind === 'other' && (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
            <TextInput
              label="Description"
              required
              maxLength={WorkLimits.title}
              value={description}
              error={errors.description}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
            <TextInput label="Cost" required {...decimal} value={cost} error={errors.cost} onChange={(e) => setCost(e.currentTarget.value)} />
          </SimpleGrid>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending}>
            Add {KIND_LABELS[kind].toLowerCase()} line
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
