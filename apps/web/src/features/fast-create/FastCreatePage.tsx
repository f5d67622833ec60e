import { Card, SimpleGrid } from '@mantine/core';
import { Page, PageHeader } from '../../components/PageHeader';
import { useRights } from '../../core/rights';
import { FuelRecordForm } from '../fuel-record/FuelRecordForm';
import { MachineCreateForm } from '../machines/MachineCreateForm';
import { PartPurchaseForm } from '../part-purchase/PartPurchaseForm';
import { ServiceRecordForm } from '../service-record/ServiceRecordForm';
import { useTranslation } from 'react-i18next';
import './i18n';

/**
 * Quick create (spec doc 2 section 2): the fuel, service, machine and part forms side by side, all in
 * fast mode. Columns follow the width the page really has (a container query, since the side
 * navigation takes part of a desktop screen): three on a desktop, stacked on a phone.
 */
export default function FastCreatePage() {
  // Issue 32: only the forms the member's role may send (an operator logs fuel; a viewer none).
  const { may } = useRights();
  const { t } = useTranslation('fastCreate');
  return (
    <Page>
      <PageHeader title={t('title')} description={t('description')} />
      {/* Each card as tall as its form; tighter padding leaves the narrow columns room for their buttons. */}
      <SimpleGrid type="container" cols={{ base: 1, '600px': 2, '900px': 3 }} spacing="md" style={{ alignItems: 'start' }} data-testid="fast-create-grid">
        {may('fuel.write') && (
          <Card padding="md">
            <FuelRecordForm mode="fast" />
          </Card>
        )}
        {/* The service form brings its own card. */}
        {may('record.write') && <ServiceRecordForm mode="fast" />}
        {may('machine.write') && (
          <Card padding="md">
            <MachineCreateForm />
          </Card>
        )}
        {may('inventory.write') && (
          <Card padding="md">
            <PartPurchaseForm mode="fast" />
          </Card>
        )}
      </SimpleGrid>
    </Page>
  );
}
