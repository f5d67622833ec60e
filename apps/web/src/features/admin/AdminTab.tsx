import { Stack } from '@mantine/core';
import { CollapsibleSection } from './CollapsibleSection';
import { ContactsSection } from './ContactsSection';
import { JobsSection } from './JobsSection';
import { UserManagement } from './UserManagement';

/** The Admin tab of Settings (admins only): users, background jobs and contact submissions. */
export default function AdminTab() {
  return (
    <Stack gap="lg">
      <CollapsibleSection title="User Management" description="Edit accounts and approve new signups.">
        <UserManagement />
      </CollapsibleSection>
      <CollapsibleSection title="Background Processes and Jobs" description="Run a job now; its status updates until it ends.">
        <JobsSection />
      </CollapsibleSection>
      <CollapsibleSection title="Contact and Sales Submissions" description="Messages from the Contact Sales and Platinum Account Inquiry pages.">
        <ContactsSection />
      </CollapsibleSection>
    </Stack>
  );
}
