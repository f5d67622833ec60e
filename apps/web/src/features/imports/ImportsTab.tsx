import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ExportSection } from './ExportSection';
import { ImportHistory } from './ImportHistory';
import { useTranslation } from 'react-i18next';
import './i18n';

/** Settings > Import: start the wizard, the history with Revert, and the export with Restore. */
export default function ImportsTab() {
  const { t } = useTranslation('imports');
  return (
    <Stack gap="lg">
      <Card component="section" aria-labelledby="import-start">
        <Group justify="space-between" align="flex-start" gap="md">
          <div style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Title order={2} fz="lg" id="import-start" mb={4}>
              {t('tab.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('tab.intro')}
            </Text>
          </div>
          <Button component={Link} to="/import" leftSection={<IconFileImport size={16} />}>
            {t('tab.newImport')}
          </Button>
        </Group>
      </Card>
      <ImportHistory />
      <ExportSection />
    </Stack>
  );
}
