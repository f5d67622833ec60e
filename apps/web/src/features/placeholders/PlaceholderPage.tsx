import { Anchor, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconClockHour4 } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Page } from '../../components/PageHeader';

const SCREENS = {
  services: { title: 'Recent Machine Services', text: 'The list of recent services across all your machines is on its way.' },
  parts: { title: 'Parts & Inventory Management', text: 'Parts, stock levels and suppliers will be managed here.' },
  'fuel-record': { title: 'Fuel Record', text: 'The fuel record form is on its way.' },
  'service-record': { title: 'Service Record', text: 'The service record form with photos is on its way.' },
  'part-purchase': { title: 'Part Purchase', text: 'The part purchase form is on its way.' },
} as const;

export type PlaceholderScreen = keyof typeof SCREENS;

/** An honest stand-in for a screen another part of the work delivers. */
export default function PlaceholderPage({ screen }: { screen: PlaceholderScreen }) {
  const { id } = useParams();
  const [params] = useSearchParams();
  const machineId = params.get('machineId');
  const info = SCREENS[screen];
  return (
    <Page>
      <Card padding="xl">
        <Stack align="center" gap="sm" py="lg">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray">
            <IconClockHour4 size={30} />
          </ThemeIcon>
          <Title order={1} fz={26} ta="center">
            {info.title}
            {id ? ` #${id}` : ''}
          </Title>
          <Text c="dimmed" ta="center" maw={460}>
            {info.text} It is not available in this build yet.
          </Text>
          <Group mt="sm">
            {machineId ? (
              <Button component={Link} to={`/machines/${machineId}`} variant="default" leftSection={<IconArrowLeft size={16} />}>
                Back to the machine
              </Button>
            ) : (
              <Button component={Link} to="/dashboard" variant="default" leftSection={<IconArrowLeft size={16} />}>
                Back to the dashboard
              </Button>
            )}
            <Anchor component={Link} to="/machines" size="sm">
              Browse machines
            </Anchor>
          </Group>
        </Stack>
      </Card>
    </Page>
  );
}
