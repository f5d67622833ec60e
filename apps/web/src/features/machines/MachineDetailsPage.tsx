import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { useApi, useSession } from '../../core/context';
import { ApiError } from '../../api/client';
import { machineKeys, machinesApi } from '../../api/machines';
import { Page } from '../../components/PageHeader';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { HistoryTabs } from '../history/HistoryTabs';
import { ArchivedBanner } from './ArchivedMachines';
import { MachineMeters } from '../schedules/MachineMeters';
import { BasicInfoPanel } from './BasicInfoPanel';
import { DocumentsSection } from '../documents/DocumentsSection';
import { IconTruckOff } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useRights } from '../../core/rights';
import { MachineIssues } from '../work-orders/MachineIssues';
import { MachineInspections } from '../inspections/MachineInspections';

// Issue 32: who works on the machine, for owners and managers only (its own chunk).
const MachineAssignees = lazy(() => import('../accounts/MachineAssignees'));

export default function MachineDetailsPage() {
  // The route parameter is called name but holds the machine id (spec doc 2 section 2).
  const { name } = useParams();
  const id = Number(name);
  const valid = Number.isInteger(id) && id > 0;
  const api = useApi();
  const { user } = useSession();
  // A user answer without an account (a server from before accounts) has no members to assign.
  const manageMembers = useRights().may('members.manage') && user?.accountId !== undefined;
  const query = useQuery({ queryKey: machineKeys.detail(id), queryFn: () => machinesApi.get(api, id), enabled: valid });

  let body;
  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    body = (
      <EmptyBlock
        icon={<IconTruckOff size={28} />}
        title="Machine not found"
        description="It may have been deleted, or the link is wrong."
        action={
          <Button component={Link} to="/machines">
            Browse machines
          </Button>
        }
      />
    );
  } else if (query.isPending) {
    body = <LoadingState text="Loading machine details..." />;
  } else if (query.isError || !query.data) {
    body = <ErrorState text="Failed to load machine details" onRetry={() => void query.refetch()} />;
  } else {
    body = (
      <Stack gap="lg">
        {query.data.archived && <ArchivedBanner machine={query.data} />}
        <BasicInfoPanel key={query.data.id} machine={query.data} />
        <MachineIssues machineId={query.data.id} machineName={query.data.name} />
        <MachineInspections machineId={query.data.id} />
        <MachineMeters machineId={query.data.id} />
        <HistoryTabs machineId={query.data.id} machineType={query.data.type} machineName={query.data.name} />
        <DocumentsSection parent="machines" parentId={query.data.id} />
        {manageMembers && (
          <Suspense fallback={null}>
            <MachineAssignees machineId={query.data.id} />
          </Suspense>
        )}
      </Stack>
    );
  }

  return (
    <Page>
      <Group mb="md">
        <Anchor component={Link} to="/machines" size="sm" c="dimmed">
          <Group gap={4}>
            <IconArrowLeft size={14} /> All machines
          </Group>
        </Anchor>
      </Group>
      {body}
    </Page>
  );
}
