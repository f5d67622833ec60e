import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useApi, useSession } from '../../core/context';
import { DESKTOP_QUERY } from '../../core/theme';
import { machineKeys, machinesApi } from '../../api/machines';
import { Page, PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { ShowMoreButton } from '../../components/ShowMore';
import { DueSummary } from '../schedules/DueSummary';
import { MachineListBody, useMachineList } from '../machines/MachineList';
import { MachineListBound } from '../machines/MachineListBound';
import { useTranslation } from 'react-i18next';
import './i18n';

// Loaded on first use: keeps the dialog out of the page's first load.
// Issue 35: the open issues card comes after the first load (the dashboard's bundle budget).
const IssuesSummary = lazy(() => import('../work-orders/IssuesSummary').then((m) => ({ default: m.IssuesSummary })));
const MachineCreateModal = lazy(() => import('../machines/MachineCreateModal').then((m) => ({ default: m.MachineCreateModal })));

export default function DashboardPage() {
  const api = useApi();
  const { user } = useSession();
  const { t } = useTranslation('dashboard');
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const [creating, setCreating] = useState(false);
  const query = useQuery({ queryKey: machineKeys.recent(), queryFn: () => machinesApi.recentlyServiced(api) });
  const machineList = useMachineList(query.data, { field: 'lastUpdated', direction: 'desc' });
  const { search, setSearch, list } = machineList;
  const createButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
      {t('create')}
    </Button>
  );

  const body = (
    <MachineListBody
      query={query}
      machineList={machineList}
      desktop={desktop}
      palette="dashboard"
      columns={['name', 'type', 'status', 'lastUpdated']}
      cardSort={[
        { field: 'name', label: t('sort.name') },
        { field: 'type', label: t('sort.type') },
        { field: 'status', label: t('sort.status') },
        { field: 'lastUpdated', label: t('sort.lastUpdated') },
      ]}
      emptyDescription={t('empty')}
      createButton={createButton}
    />
  );

  return (
    <Page>
      <PageHeader title={t('title')} description={user ? t('welcome', { name: user.name }) : t('intro')} actions={createButton} />
      <DueSummary />
      <div style={{ height: 16 }} />
      <Suspense fallback={<div style={{ minHeight: 68 }} />}>
        <IssuesSummary />
      </Suspense>
      <div style={{ height: 16 }} />
      <Card padding={desktop ? 'lg' : 'md'}>
        <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
          <div>
            <Title order={2} fz="lg">
              {t('recent.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('recent.subtitle')}
            </Text>
          </div>
          <SearchBox value={search} onChange={setSearch} placeholder={t('search')} w={desktop ? 300 : '100%'} />
        </Group>
        {body}
        <ShowMoreButton {...list} />
        {query.isSuccess && <MachineListBound count={query.data.length} />}
      </Card>
      {creating && (
        <Suspense fallback={null}>
          <MachineCreateModal opened onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Page>
  );
}
