import { Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useSession } from '../../app/context';
import { Page, PageHeader } from '../../components/PageHeader';

export default function SettingsPage() {
  const { session, user } = useSession();
  const admin = (user?.adminLevel ?? 0) > 0;
  return (
    <Page>
      <PageHeader title="Settings" />
      <Tabs defaultValue="settings">
        <Tabs.List mb="lg">
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
          {admin && <Tabs.Tab value="admin">Admin</Tabs.Tab>}
          {admin && <Tabs.Tab value="analytics">Analytics</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="settings">
          <Stack gap="lg">
            <Card>
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Title order={2} fz="lg">
                    {user?.name ?? 'Your account'}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {user?.username}
                  </Text>
                </div>
                {/* Goes to /login even if the logout call fails. */}
                <Button color="red" variant="light" leftSection={<IconLogout size={16} />} onClick={() => void session.logout()}>
                  Logout
                </Button>
              </Group>
            </Card>
            <Card>
              <Text c="dimmed">Account details, preferences and notifications are not available in this build yet.</Text>
            </Card>
          </Stack>
        </Tabs.Panel>
        {admin && (
          <Tabs.Panel value="admin">
            <Card>
              <Text c="dimmed">User management and background jobs are not available in this build yet.</Text>
            </Card>
          </Tabs.Panel>
        )}
        {admin && (
          <Tabs.Panel value="analytics">
            <Card>
              <Text c="dimmed">Page analytics are not available in this build yet.</Text>
            </Card>
          </Tabs.Panel>
        )}
      </Tabs>
    </Page>
  );
}
