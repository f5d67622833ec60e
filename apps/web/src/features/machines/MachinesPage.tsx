import { Badge, Button, Card, Group, Switch, Text, Title } from '@mantine/core';
import { useRights } from '../../core/rights';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useApi } from '../../core/context';
import { DESKTOP_QUERY } from '../../core/theme';
import { machineKeys, machinesApi } from '../../api/machines';
import { Page, PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { ShowMoreButton } from '../../components/ShowMore';
import { ArchivedMachines } from './ArchivedMachines';
import { MachineListBound } from './MachineListBound';
import { MachineListBody, useMachineList } from './MachineList';

// Loaded on first use: keeps the dialog out of the page's first load.
const MachineCreateModal = lazy(() => import('./MachineCreateModal').then((m) => ({ default: m.MachineCreateModal })));

export default function MachinesPage() {
  const api = useApi();
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const [creating, setCreating] = useState(false);
  const [showArchived, setShowArchived] = useState(false);
  const query = useQuery({ queryKey: machineKeys.list(), queryFn: () => machinesApi.all(api) });
  const total = query.data?.length ?? 0;
  const machineList = useMachineList(query.data, { field: 'name', direction: 'asc' });
  const { search, setSearch, rows, list } = machineList;
  // Issue 32: create and import only for roles that may.
  const { may } = useRights();
  const createButton = may('machine.write') && (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
      Create New Machine
    </Button>
  );

  const body = (
    <MachineListBody
      query={query}
      machineList={machineList}
      desktop={desktop}
      palette="browse"
      columns={['name', 'lastUpdated', 'type', 'status']}
      cardSort={[
        { field: 'name', label: 'Name' },
        { field: 'lastUpdated', label: 'Updated' },
      ]}
      emptyDescription="Create your first machine to keep its services, fuel and parts in one place."
      createButton={createButton}
    />
  );

  return (
    <Page>
      <PageHeader
        title="Browse Machines"
        description="Every vehicle and piece of equipment you track."
        actions={
          <>
            {/* Issue 23: the import wizard, for a fleet kept in a spreadsheet or another app. */}
            {may('import.run') && (
              <Button component={Link} to="/import" variant="default" leftSection={<IconFileImport size={18} />}>
                Import
              </Button>
            )}
            {createButton}
          </>
        }
      />
      <Card padding={desktop ? 'lg' : 'md'}>
        <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
          <Group gap="xs">
            <Title order={2} fz="lg">
              Full List
            </Title>
            {query.isSuccess && (
              <Badge variant="light" color="gray" radius="sm">
                {total}
              </Badge>
            )}
          </Group>
          <Group gap="md" wrap="wrap" w={desktop ? undefined : '100%'}>
            <Switch label="Show archived" checked={showArchived} onChange={(e) => setShowArchived(e.currentTarget.checked)} />
            <SearchBox value={search} onChange={setSearch} placeholder="Search equipment..." w={desktop ? 300 : '100%'} />
          </Group>
        </Group>
        {body}
        <ShowMoreButton {...list} />
        {query.isSuccess && rows.length > 0 && search && (
          <Text size="xs" c="dimmed" mt="sm">
            Showing {rows.length} of {total}
          </Text>
        )}
        {query.isSuccess && <MachineListBound count={total} />}
        {showArchived && <ArchivedMachines />}
      </Card>
      {creating && (
        <Suspense fallback={null}>
          <MachineCreateModal opened onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Page>
  );
}
