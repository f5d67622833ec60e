import { NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './i18n';

interface Props {
  value: number | '';
  disabled?: boolean;
  onChange: (value: number | '') => void;
  onBlur: () => void;
}

/**
 * Miles (spec doc 1 section 2): thousands separators, 'Click to add miles' when empty. Issue 38: a
 * normal number field, editable at once by mouse, keyboard or touch (it was read only until clicked,
 * which hid it from typing after a Tab and from screen readers as a field to fill).
 */
export function MilesField({ value, disabled, onChange, onBlur }: Props) {
  const { t } = useTranslation('serviceRecord');
  return (
    <NumberInput
      label={t('fields.miles')}
      value={value}
      disabled={disabled}
      onChange={(v) => onChange(v === '' ? '' : Number(v))}
      onBlur={onBlur}
      placeholder={t('fields.milesPlaceholder')}
      thousandSeparator=","
      min={0}
      allowDecimal={false}
      allowNegative={false}
      inputMode="numeric"
      hideControls
    />
  );
}
