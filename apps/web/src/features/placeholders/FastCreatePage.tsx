import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Page, PageHeader } from '../../components/PageHeader';
import { MachineCreateForm } from '../machines/MachineCreateForm';

function Coming({ title }: { title: string }) {
  return (
    <Card>
      <Stack gap="xs">
        <Title order={2} fz="xl">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          The quick form for this record is not available in this build yet.
        </Text>
      </Stack>
    </Card>
  );
}

/** Quick create: fuel, service, machine and part forms side by side (fast mode). */
export default function FastCreatePage() {
  return (
    <Page>
      <PageHeader title="Fast Create" description="Log a record in a few taps." />
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="lg">
        <Card>
          <MachineCreateForm />
        </Card>
        <Coming title="Create Fuel Record" />
        <Coming title="Create Service Record" />
        <Coming title="Create Part Purchase" />
      </SimpleGrid>
    </Page>
  );
}
