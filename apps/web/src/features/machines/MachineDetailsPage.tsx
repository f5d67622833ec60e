import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { useApi } from '../../core/context';
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

export default function MachineDetailsPage() {
  // The route parameter is called name but holds the machine id (spec doc 2 section 2).
  const { name } = useParams();
  const id = Number(name);
  const valid = Number.isInteger(id) && id > 0;
  const api = useApi();
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
        <MachineMeters machineId={query.data.id} />
        <HistoryTabs machineId={query.data.id} machineType={query.data.type} machineName={query.data.name} />
        <DocumentsSection parent="machines" parentId={query.data.id} />
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
