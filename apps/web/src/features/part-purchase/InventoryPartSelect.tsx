import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../core/context';
import { inventoryApi, inventoryKeys, type Part } from '../inventory/inventory-api';

const label = (p: Pick<Part, 'name' | 'partNumber'>) => `${p.name} (${p.partNumber})`;

/**
 * Links the purchase to one of the user's inventory parts (optional). The server searches the parts
 * (name, part number, description), ten at a time; the linked part stays listed while searching.
 */
export function InventoryPartSelect({ value, onPick, disabled }: { value: string; onPick: (part: Part | null) => void; disabled?: boolean }) {
  const api = useApi();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const linkedId = Number(value) || 0;
  const linked = useQuery({ queryKey: inventoryKeys.part(linkedId), queryFn: () => inventoryApi.part(api, linkedId), enabled: linkedId > 0 });
  // Once a part is picked the box shows its label: that is not a search.
  const term = linked.data && search === label(linked.data) ? '' : debounced.trim();
  const parts = useQuery({
    queryKey: inventoryKeys.parts(term, '', 0),
    queryFn: () => inventoryApi.parts(api, { search: term, stock: '', page: 0 }),
    enabled: !disabled,
  });
  const found = parts.data?.content ?? [];
  const options = [...found];
  if (linked.data && !options.some((p) => p.id === linked.data.id)) {
    options.unshift(linked.data);
  }
  const data = options.map((p) => ({ value: String(p.id), label: label(p) }));
  if (linkedId > 0 && !data.some((o) => o.value === value)) {
    data.unshift({ value, label: linked.isError ? `Part #${value} (no longer in inventory)` : 'Loading part...' });
  }
  return (
    <Select
      label="Inventory Part"
      placeholder={parts.isError ? 'Failed to load parts' : 'Search your parts (optional)'}
      description="Linked parts gain stock when the purchase is Purchased."
      searchable
      clearable
      disabled={disabled}
      data={data}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered; show what it answered.
      filter={({ options: o }) => o}
      nothingFoundMessage={parts.isPending ? 'Loading parts...' : 'No matching parts'}
      onChange={(id) => onPick(id ? (options.find((p) => String(p.id) === id) ?? null) : null)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
