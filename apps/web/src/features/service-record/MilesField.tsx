import { NumberInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatNumber } from '../../lib/format';

interface Props {
  value: number | '';
  disabled?: boolean;
  onChange: (value: number | '') => void;
  onBlur: () => void;
}

/**
 * Miles (spec doc 1 section 2): shown with thousands separators and 'Click to add miles' when
 * empty; a click (or keyboard focus) turns it into a number input, leaving it shows the value again.
 */
export function MilesField({ value, disabled, onChange, onBlur }: Props) {
  const [editing, setEditing] = useState(false);
  if (editing && !disabled) {
    return (
      <NumberInput
        label="Miles"
        value={value}
        onChange={(v) => onChange(v === '' ? '' : Number(v))}
        onBlur={() => {
          setEditing(false);
          onBlur();
        }}
        thousandSeparator=","
        min={0}
        allowDecimal={false}
        allowNegative={false}
        autoFocus
        hideControls
      />
    );
  }
  return (
    <TextInput
      label="Miles"
      readOnly
      disabled={disabled}
      value={value === '' ? '' : formatNumber(value)}
      placeholder="Click to add miles"
      onClick={() => setEditing(true)}
      onFocus={() => setEditing(true)}
      styles={{ input: { cursor: disabled ? undefined : 'pointer' } }}
    />
  );
}
