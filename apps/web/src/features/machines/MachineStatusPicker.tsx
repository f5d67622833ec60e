import { Autocomplete, Loader } from '@mantine/core';
import { useRef, useState } from 'react';
import { MACHINE_TEXT_LIMITS } from '@wrenchlog/contracts/limits';
import type { Machine } from '../../api/types';
import { refusalDetail } from '../../core/forms/FormBanner';
import { useUpdateMachine } from './machine-mutations';

export const STATUS_SUGGESTIONS = ['Good', 'Needs Service', 'Needs Maintenance', 'Out of Service', 'Under Repair', 'Retired', 'Sold'];
const STATUS_FAILED = 'Failed to update machine status';

/** The status of the basic-info panel: picked or typed, saved on its own when it is committed. */
export function MachineStatusPicker({ machine, disabled }: { machine: Machine; disabled?: boolean }) {
  const update = useUpdateMachine();
  const current = machine.status ?? '';
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The value being sent, so the blur after picking an option does not send it twice.
  const inFlight = useRef<string | null>(null);
  // Follow the saved status when it changes (a save, a reload).
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setValue(current);
  }

  async function commit(next: string) {
    const status = next.trim();
    if (!status) {
      setValue(current);
      return;
    }
    if (status === current || status === inFlight.current) {
      setValue(status);
      return;
    }
    inFlight.current = status;
    setValue(status);
    setError(null);
    setSaving(true);
    try {
      await update.mutateAsync({ id: machine.id, status });
    } catch (err) {
      console.error('Status update failed', err);
      // The previous status comes back.
      setValue(current);
      const reason = refusalDetail(err);
      setError(reason ? `${STATUS_FAILED}: ${reason}` : STATUS_FAILED);
    } finally {
      inFlight.current = null;
      setSaving(false);
    }
  }

  return (
    <Autocomplete
      disabled={disabled}
      label="Status"
      aria-label="Machine status"
      placeholder="Pick or type a status"
      maxLength={MACHINE_TEXT_LIMITS.status.max}
      data={STATUS_SUGGESTIONS}
      value={value}
      onChange={setValue}
      onOptionSubmit={(v) => void commit(v)}
      onBlur={() => void commit(value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          void commit(e.currentTarget.value);
        }
      }}
      error={error}
      rightSection={saving ? <Loader size={14} /> : null}
      w={{ base: '100%', sm: 260 }}
      comboboxProps={{ withinPortal: true }}
      filter={({ options }) => options}
    />
  );
}
