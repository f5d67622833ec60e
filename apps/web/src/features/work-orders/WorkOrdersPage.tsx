import { Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { Page, PageHeader } from '../../components/PageHeader';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { useRights } from '../../core/rights';
import { useWorkOrders } from './work-api';
import { WorkOrderBoard } from './WorkOrderBoard';

/** The work order board (issue 35): every order of the account by state; one call for the board. */
export default function WorkOrdersPage() {
  const rights = useRights();
  const query = useWorkOrders(null, rights.may('workorder.read'));
  let body;
  if (!rights.may('workorder.read')) {
    body = <EmptyBlock icon={<IconClipboardList size={28} />} title="No access" description="Your role cannot see work orders." />;
  } else if (query.isPending) {
    body = <LoadingState text="Loading work orders..." />;
  } else if (query.isError) {
    body = <ErrorState text="Failed to load work orders" onRetry={() => void query.refetch()} />;
  } else if (query.data.content.length === 0) {
    body = (
      <EmptyBlock
        icon={<IconClipboardList size={28} />}
        title="No work orders yet"
        description="Open a machine and use “Create work order” to make one from its open issues or due schedules."
      />
    );
  } else {
    body = (
      <>
        <WorkOrderBoard orders={query.data.content} money={rights.money} />
        {query.data.totalElements > query.data.content.length && (
          <Text size="sm" c="dimmed" mt="sm">
            Showing the {query.data.content.length} most recent of {query.data.totalElements} work orders.
          </Text>
        )}
      </>
    );
  }
  return (
    <Page>
      <PageHeader title="Work orders" description="Jobs on your machines, by state." />
      {body}
    </Page>
  );
}
