import { Autocomplete } from '@mantine/core';
import { useState } from 'react';
import { resolveOnBlur } from './service-record-logic';

interface Props {
  label: string;
  value: string;
  options: readonly string[];
  /** Only these values are taken (a select); otherwise any non-empty text is (suggestions). */
  strict?: boolean;
  disabled?: boolean;
  error?: string;
  /** The value the field settled on when it lost focus. */
  onCommit: (value: string) => void;
}

/**
 * Service Status and Service Type (spec doc 1 section 4): the field clears on focus so every
 * suggestion shows; left blank, the previous value returns; a changed non-empty value is taken.
 */
export function FocusClearField({ label, value, options, strict, disabled, error, onCommit }: Props) {
  // While focused: what the user typed. Otherwise the committed value shows.
  const [typed, setTyped] = useState<string | null>(null);

  const settle = (text: string) => {
    setTyped(null);
    onCommit(resolveOnBlur(text, value, strict ? options : undefined));
  };

  return (
    <Autocomplete
      label={label}
      data={[...options]}
      value={typed ?? value}
      placeholder={typed !== null ? value : undefined}
      disabled={disabled}
      error={error}
      onFocus={() => setTyped('')}
      onChange={(text) => setTyped(text)}
      onOptionSubmit={(option) => setTyped(option)}
      onBlur={(e) => settle(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.currentTarget.blur();
        }
      }}
      // Every suggestion stays visible: they are few, and the field starts empty on focus.
      filter={({ options: all, search }) => (search ? all.filter((o) => 'label' in o && o.label.toLowerCase().includes(search.toLowerCase())) : all)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
