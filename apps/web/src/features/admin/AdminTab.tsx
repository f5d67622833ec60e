import { Stack } from '@mantine/core';
import { CollapsibleSection } from './CollapsibleSection';
import { ContactsSection } from './ContactsSection';
import { JobsSection } from './JobsSection';
import { UserManagement } from './UserManagement';
import { useTranslation } from 'react-i18next';
import './i18n';

/** The Admin tab of Settings (admins only): users, background jobs and contact submissions. */
export default function AdminTab() {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg">
      <CollapsibleSection title={t('sections.users')} description={t('sections.usersText')}>
        <UserManagement />
      </CollapsibleSection>
      <CollapsibleSection title={t('sections.jobs')} description={t('sections.jobsText')}>
        <JobsSection />
      </CollapsibleSection>
      <CollapsibleSection title={t('sections.contacts')} description={t('sections.contactsText')}>
        <ContactsSection />
      </CollapsibleSection>
    </Stack>
  );
}
