import { Button, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconChartBar,
  IconClipboardCheck,
  IconFileImport,
  IconKey,
  IconLogout,
  IconSettings,
  IconShieldLock,
  IconTemplate,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ImageStats } from '@wrenchlog/contracts';
import { useApi, useSession } from '../../core/context';
import { useRights } from '../../core/rights';
import { Page, PageHeader } from '../../components/PageHeader';
import { LoadingState } from '../../components/states';
import { accountKeys } from '../../core/query-keys';
import { ACCOUNT_SIZE_ERROR, ACCOUNT_SIZE_LOADING, accountSizeText } from './account-size';
import { CalendarSection } from '../notifications/CalendarSection';
import { NotificationPreferencesSection } from '../notifications/NotificationPreferencesSection';
import { PushSection } from '../notifications/PushSection';
import { WebhooksSection } from '../notifications/WebhooksSection';
import { ChangePasswordSection } from './ChangePasswordSection';
import { UserDetailsSection } from './UserDetailsSection';
import { AccountDefaultsSection, PreferencesSection } from './PreferencesSection';
import { useTranslation } from 'react-i18next';
import './i18n';

// Admin and analytics code (and the chart library) load only when an admin opens their tab.
const AdminTab = lazy(() => import('../admin/AdminTab'));
const AnalyticsTab = lazy(() => import('../analytics/AnalyticsTab'));
// Issue 23: imports, their history and the export, for every user.
const ImportsTab = lazy(() => import('../imports/ImportsTab'));
// Issue 32: the account's members and invitations, for owners and managers.
const MembersTab = lazy(() => import('../accounts/MembersTab'));
// Issue 33: personal API tokens, for every member.
const ApiTokensTab = lazy(() => import('../accounts/ApiTokensTab'));
// Issue 35: the account's inspection forms, for owners and managers.
const InspectionFormsTab = lazy(() => import('../inspections/InspectionFormsTab'));
// Issue 35: the account's job templates, for whoever may write work orders (owners, managers, mechanics).
const JobTemplatesTab = lazy(() => import('../job-templates/JobTemplatesTab'));

const TABS = ['settings', 'members', 'import', 'inspections', 'templates', 'admin', 'analytics', 'tokens'] as const;
type SettingsTab = (typeof TABS)[number];

/** The tab from `?tab=`; each tab only for whom it is shown, anything else is the Settings tab. */
function tabFor(value: string | null, shown: (tab: SettingsTab) => boolean): SettingsTab {
  const tab = (TABS as readonly string[]).includes(value ?? '') ? (value as SettingsTab) : 'settings';
  return shown(tab) ? tab : 'settings';
}

function AccountSize({ userId }: { userId: number | undefined }) {
  const api = useApi();
  const stats = useQuery({
    queryKey: accountKeys.imageStats(userId),
    queryFn: () => api.get<ImageStats>(`/api/user/${userId}/imageStats`),
    enabled: userId !== undefined,
  });
  if (stats.isError) {
    return (
      <Text c="red" role="alert">
        {ACCOUNT_SIZE_ERROR}
      </Text>
    );
  }
  return <Text aria-live="polite">{stats.data ? accountSizeText(stats.data) : ACCOUNT_SIZE_LOADING}</Text>;
}

function SettingsTabPanel() {
  const { session, user } = useSession();
  const { may } = useRights();
  const { t } = useTranslation('settings');
  return (
    <Stack gap="lg">
      <Card component="section" aria-label={t('account.title')}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={6}>
            <Title order={2} fz="lg">
              {t('account.title')}
            </Title>
            <Text fw={600}>{user?.name ?? t('account.yourAccount')}</Text>
            {user?.username && (
              <Text c="dimmed" size="sm">
                {user.username}
              </Text>
            )}
            <Group gap={6} wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('account.size')}
              </Text>
              <AccountSize userId={user?.id} />
            </Group>
          </Stack>
          {/* The session goes to /login even if the logout call fails. */}
          <Button color="red" variant="light" leftSection={<IconLogout size={16} />} onClick={() => void session.logout()}>
            {t('account.logout')}
          </Button>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <UserDetailsSection />
        <ChangePasswordSection />
      </SimpleGrid>
      {/* Issue 34: units, currency, formats and theme; the account's defaults for owners and managers. */}
      <PreferencesSection />
      {may('account.defaults') && <AccountDefaultsSection />}
      {/* Issue 24: the notification checkboxes that were COMING SOON here, now real. */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <NotificationPreferencesSection />
        <Stack gap="lg">
          <PushSection />
          <CalendarSection />
        </Stack>
      </SimpleGrid>
      {may('webhook.manage') && <WebhooksSection />}
    </Stack>
  );
}

export default function SettingsPage() {
  const { user } = useSession();
  const { may } = useRights();
  const { t } = useTranslation('settings');
  const admin = (user?.adminLevel ?? 0) > 0;
  const shown = (which: SettingsTab) => {
    switch (which) {
      case 'settings':
      case 'tokens':
        return true;
      case 'members':
        return may('members.manage');
      case 'import':
        return may('import.run') || may('export.run');
      case 'inspections':
        return may('inspectionform.write');
      case 'templates':
        return may('workorder.write');
      case 'admin':
      case 'analytics':
        return admin;
    }
  };
  const [params, setParams] = useSearchParams();
  const tab = tabFor(params.get('tab'), shown);
  const select = (value: string | null) => setParams(value && value !== 'settings' ? { tab: value } : {}, { replace: true });
  return (
    <Page>
      <PageHeader title={t('page.title')} />
      {/* Panels mount only when shown, so a non-admin never loads the admin code. */}
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="settings" leftSection={<IconSettings size={16} />}>
            {t('tabs.settings')}
          </Tabs.Tab>
          {shown('members') && (
            <Tabs.Tab value="members" leftSection={<IconUsers size={16} />}>
              {t('tabs.members')}
            </Tabs.Tab>
          )}
          {shown('import') && (
            <Tabs.Tab value="import" leftSection={<IconFileImport size={16} />}>
              {t('tabs.import')}
            </Tabs.Tab>
          )}
          {shown('inspections') && (
            <Tabs.Tab value="inspections" leftSection={<IconClipboardCheck size={16} />}>
              {t('tabs.inspections')}
            </Tabs.Tab>
          )}
          {shown('templates') && (
            <Tabs.Tab value="templates" leftSection={<IconTemplate size={16} />}>
              {t('tabs.templates')}
            </Tabs.Tab>
          )}
          <Tabs.Tab value="tokens" leftSection={<IconKey size={16} />}>
            {t('tabs.tokens')}
          </Tabs.Tab>
          {admin && (
            <Tabs.Tab value="admin" leftSection={<IconShieldLock size={16} />}>
              {t('tabs.admin')}
            </Tabs.Tab>
          )}
          {admin && (
            <Tabs.Tab value="analytics" leftSection={<IconChartBar size={16} />}>
              {t('tabs.analytics')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="settings">
          <SettingsTabPanel />
        </Tabs.Panel>
        {shown('members') && (
          <Tabs.Panel value="members">
            <Suspense fallback={<LoadingState text={t('page.loading')} />}>
              <MembersTab />
            </Suspense>
          </Tabs.Panel>
        )}
        {shown('import') && (
          <Tabs.Panel value="import">
            <Suspense fallback={<LoadingState text={t('page.loading')} />}>
              <ImportsTab />
            </Suspense>
          </Tabs.Panel>
        )}
        {shown('inspections') && (
          <Tabs.Panel value="inspections">
            <Suspense fallback={<LoadingState text={t('page.loading')} />}>
              <InspectionFormsTab />
            </Suspense>
          </Tabs.Panel>
        )}
        {shown('templates') && (
          <Tabs.Panel value="templates">
            <Suspense fallback={<LoadingState text={t('page.loading')} />}>
              <JobTemplatesTab />
            </Suspense>
          </Tabs.Panel>
        )}
        <Tabs.Panel value="tokens">
          <Suspense fallback={<LoadingState text={t('page.loading')} />}>
            <ApiTokensTab />
          </Suspense>
        </Tabs.Panel>
        {admin && (
          <Tabs.Panel value="admin">
            <Suspense fallback={<LoadingState text={t('page.loading')} />}>
              <AdminTab />
            </Suspense>
          </Tabs.Panel>
        )}
        {admin && (
          <Tabs.Panel value="analytics">
            <Suspense fallback={<LoadingState text={t('page.loading')} />}>
              <AnalyticsTab />
            </Suspense>
          </Tabs.Panel>
        )}
      </Tabs>
    </Page>
  );
}
