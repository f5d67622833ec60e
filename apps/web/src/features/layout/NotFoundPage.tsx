import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Page } from '../../components/PageHeader';

export default function NotFoundPage() {
  return (
    <Page>
      <Stack align="center" py={80} gap="sm">
        <Text fz={64} fw={800} c="gray.6" lh={1}>
          404
        </Text>
        <Title order={1} fz={24}>
          Page not found
        </Title>
        <Text c="dimmed">The page you asked for does not exist.</Text>
        <Button component={Link} to="/dashboard" mt="sm">
          Go to the dashboard
        </Button>
      </Stack>
    </Page>
  );
}
