import { Grid, Paper, Stack, Title } from '@mantine/core';
import { useApi } from '../../core/context';
import { sendContact } from './contact-api';
import type { ContactField, RequiredFields } from './contact-form';
import { ContactFormFields } from './ContactFormFields';
import { CheckList, PageIntro, PublicPage, Section } from './PublicLayout';

export const CONTACT_SUCCESS = 'Thank you for your message! We will get back to you shortly.';
export const CONTACT_FAILURE = 'Sorry, there was an error submitting your form. Please try again later.';

const LABELS: Record<ContactField, string> = {
  name: 'Full Name',
  company: 'Company Name',
  phone: 'Phone Number (Optional)',
  email: 'Email Address',
  message: 'Message',
};

// Spec doc 2 section 5: name, a valid email and the message; company and phone are optional.
const REQUIRED: RequiredFields = { name: 'Full Name is required', email: 'Email Address is required', message: 'Message is required' };

const TOPICS = [
  'Moving a fleet off spreadsheets or paper logs',
  'Running Wrenchlog for several crews or sites',
  'Importing machines and service history',
  'Plans, hosting and support',
];

export default function ContactSalesPage() {
  const api = useApi();
  return (
    <PublicPage>
      <Section>
        <Grid gap={{ base: 'xl', md: 48 }}>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <PageIntro eyebrow="Sales" title="Contact Sales">
              Tell us about your machines and how you look after them today. Our team will be in touch shortly, usually within one working day.
            </PageIntro>
            <Stack gap="sm">
              <Title order={2} fz="lg">
                People write to us about
              </Title>
              <CheckList items={TOPICS} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
              <Title order={2} fz="lg" mb="md">
                Send us a message
              </Title>
              <ContactFormFields
                required={REQUIRED}
                send={(v) => sendContact(api, v, 'SalesContact')}
                successText={CONTACT_SUCCESS}
                failureText={CONTACT_FAILURE}
                labels={LABELS}
                messagePlaceholder="How many machines, what kind, and what you would like Wrenchlog to do for you"
                submitLabel="Submit"
                formLabel="Contact Sales form"
              />
            </Paper>
          </Grid.Col>
        </Grid>
      </Section>
    </PublicPage>
  );
}
