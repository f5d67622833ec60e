import { Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SOURCE_CARDS, SOURCE_GROUPS, sourceDescription, sourceTitle, type WizardSource } from './import-sources';
import { useTranslation } from 'react-i18next';
import './i18n';

/** Step 1: where the file comes from (radio cards: arrow keys move, Space chooses). */
export function SourceStep({ value, onChange }: { value: WizardSource | null; onChange: (source: WizardSource) => void }) {
  const { t } = useTranslation('imports');
  return (
    <Radio.Group value={value ?? ''} onChange={(v) => onChange(v as WizardSource)} label={t('sources.question')} labelProps={{ mb: 'sm', fw: 600 }}>
      <Stack gap="lg">
        {SOURCE_GROUPS.map((group) => (
          <Stack gap="xs" key={group}>
            <Title order={3} fz="sm" c="dimmed" tt="uppercase">
              {t(`sources.groups.${group}`)}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
              {SOURCE_CARDS.filter((c) => c.group === group).map((card) => (
                <Radio.Card key={card.id} value={card.id} radius="md" p="md" aria-label={sourceTitle(card.id)}>
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator />
                    <div>
                      <Text fw={600}>{sourceTitle(card.id)}</Text>
                      <Text size="sm" c="dimmed">
                        {sourceDescription(card)}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Radio.Group>
  );
}
