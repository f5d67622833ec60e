import { Group, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SOURCE_CARDS, SOURCE_GROUPS, type WizardSource } from './import-sources';

/** Step 1: where the file comes from (radio cards: arrow keys move, Space chooses). */
export function SourceStep({ value, onChange }: { value: WizardSource | null; onChange: (source: WizardSource) => void }) {
  return (
    <Radio.Group value={value ?? ''} onChange={(v) => onChange(v as WizardSource)} label="Where does the file come from?" labelProps={{ mb: 'sm', fw: 600 }}>
      <Stack gap="lg">
        {SOURCE_GROUPS.map((group) => (
          <Stack gap="xs" key={group}>
            <Title order={3} fz="sm" c="dimmed" tt="uppercase">
              {group}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
              {SOURCE_CARDS.filter((c) => c.group === group).map((card) => (
                <Radio.Card key={card.id} value={card.id} radius="md" p="md" aria-label={card.title}>
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator />
                    <div>
                      <Text fw={600}>{card.title}</Text>
                      <Text size="sm" c="dimmed">
                        {card.description}
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
