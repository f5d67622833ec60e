import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '@tabler/icons-react';

export function SearchBox({ value, onChange, placeholder, w }: { value: string; onChange: (v: string) => void; placeholder: string; w?: TextInputProps['w'] }) {
  const { t } = useTranslation();
  return (
    <TextInput
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      placeholder={placeholder}
      aria-label={placeholder}
      leftSection={<IconSearch size={16} />}
      rightSection={value ? <CloseButton size="sm" aria-label={t('search.clear')} onClick={() => onChange('')} /> : null}
      w={w}
    />
  );
}
