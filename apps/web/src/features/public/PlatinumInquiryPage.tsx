import { Grid, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCode, IconHeadset, IconUsersGroup } from '@tabler/icons-react';
import { useApi } from '../../core/context';
import { sendContact } from './contact-api';
import type { ContactField, RequiredFields } from './contact-form';
import { ContactFormFields } from './ContactFormFields';
import { PublicPage, Section } from './PublicLayout';
import classes from './platinum.module.css';

export const PLATINUM_SUCCESS = 'Thank you for your inquiry. A member of our executive team will be in touch with you shortly.';
export const PLATINUM_FAILURE = 'Sorry, there was an error submitting your inquiry. Please try again later.';

const LABELS: Record<ContactField, string> = {
  name: 'Full Name',
  company: 'Company Name',
  phone: 'Phone Number (Optional)',
  email: 'Email Address',
  message: 'Describe Your Unique Requirements',
};

// The spec leaves the exact set open; these four get red borders there, so all four are required.
const REQUIRED: RequiredFields = {
  name: 'Full Name is required',
  company: 'Company Name is required',
  email: 'Email Address is required',
  message: 'Please describe your requirements',
};

const PROMISES = [
  { icon: IconCode, title: 'Personalised development', text: 'Features built for the way your operation works: your forms, your reports, your integrations.' },
  { icon: IconUsersGroup, title: 'Direct access to the engineering team', text: 'Talk to the people who write Wrenchlog, not a ticket queue.' },
  { icon: IconHeadset, title: 'Support', text: 'Help with rollout, data migration and hosting, and a named contact afterwards.' },
];

export default function PlatinumInquiryPage() {
  const api = useApi();
  return (
    <PublicPage dark>
      <Section>
        <Grid gap={{ base: 'xl', md: 48 }} className={classes.page}>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Text tt="uppercase" fw={700} fz="sm" c="yellow.4" style={{ letterSpacing: '0.08em' }}>
                Platinum
              </Text>
              <Title order={1} fz={{ base: 32, md: 44 }} lh={1.15} c="white">
                Platinum Account Inquiry
              </Title>
              <Text c="gray.4" fz="lg">
                For select partners with unique requirements: large or mixed fleets, regulated work, or systems Wrenchlog has to talk to.
              </Text>
              <Stack gap="lg" mt="md">
                {PROMISES.map((p) => (
                  <Stack key={p.title} gap={4}>
                    <ThemeIcon size={36} radius="md" variant="light" color="yellow">
                      <p.icon size={20} />
                    </ThemeIcon>
                    <Text fw={700} c="white">
                      {p.title}
                    </Text>
                    <Text c="gray.4" size="sm">
                      {p.text}
                    </Text>
                  </Stack>
                ))}
              </Stack>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper p={{ base: 'lg', sm: 'xl' }} className={classes.panel}>
              <ContactFormFields
                required={REQUIRED}
                send={(v) => sendContact(api, v, 'PlatinumAccount')}
                successText={PLATINUM_SUCCESS}
                failureText={PLATINUM_FAILURE}
                labels={LABELS}
                messagePlaceholder="Fleet size and kinds of machines, sites, the systems you use today, and what you need that Wrenchlog does not do yet"
                submitLabel="Inquire for Details"
                formLabel="Platinum Account Inquiry form"
              />
            </Paper>
          </Grid.Col>
        </Grid>
      </Section>
    </PublicPage>
  );
}
