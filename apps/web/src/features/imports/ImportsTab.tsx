import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ExportSection } from './ExportSection';
import { ImportHistory } from './ImportHistory';

/** Settings > Import: start the wizard, the history with Revert, and the export with Restore. */
export default function ImportsTab() {
  return (
    <Stack gap="lg">
      <Card component="section" aria-labelledby="import-start">
        <Group justify="space-between" align="flex-start" gap="md">
          <div style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Title order={2} fz="lg" id="import-start" mb={4}>
              Import
            </Title>
            <Text size="sm" c="dimmed">
              Bring machines, service records, fuel records and part purchases in from a spreadsheet, LubeLogger, Fuelly or Drivvo. You see every row before
              anything is written, and can revert an import.
            </Text>
          </div>
          <Button component={Link} to="/import" leftSection={<IconFileImport size={16} />}>
            New import
          </Button>
        </Group>
      </Card>
      <ImportHistory />
      <ExportSection />
    </Stack>
  );
}
