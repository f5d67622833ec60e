import { Blockquote, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PageIntro, PublicPage, Section } from './PublicLayout';

// The founder's story (spec doc 2 section 1); the spec shows no further contents.
export default function AboutPage() {
  return (
    <PublicPage>
      <Section>
        <Grid gap={{ base: 'xl', md: 56 }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <PageIntro eyebrow="About" title="A notebook in a glovebox, then a log for whole fleets" />
            <Stack gap="md" fz="lg" c="gray.8">
              <Text fz="lg">
                Wrenchlog started with a spiral notebook in the glovebox of a 2009 pickup. Every oil change, every set of tires and every odd noise went in it,
                with the mileage and what it cost. It worked until the notebook got wet, and until there was a second truck, a trailer and a borrowed skid steer
                to keep track of.
              </Text>
              <Text fz="lg">
                The spreadsheet that replaced it had a tab per machine and a column for everything. Nobody else could read it, receipts lived in a shoebox, and
                the photos of the worn brake pads were on a phone somewhere. When friends who run a rental yard and a landscaping crew asked how to do the same,
                the answer was: not like this.
              </Text>
              <Text fz="lg">
                So we built the log we wanted: one record per machine, with its service history, photos, fuel and parts in one place, on a phone at the job site
                or on a desk in the office. It runs on your own server, because your maintenance records are yours, and it is simple enough that the person who
                does the work is the one who writes it down.
              </Text>
              <Text fz="lg">Wrenchlog is in beta. We read every message, and the roadmap is shaped by the people who use it.</Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg" pt={{ md: 80 }}>
              <Blockquote color="brand" cite="— the founder" fz="lg">
                If you can't say when the hydraulic oil was last changed, you are guessing. Wrenchlog is there so nobody has to guess.
              </Blockquote>
              <Stack gap="xs">
                <Title order={2} fz="lg">
                  Want to help shape it?
                </Title>
                <Text c="gray.7">Start with the free plan, or tell us what your fleet needs.</Text>
                <Group>
                  <Button component={Link} to="/signup">
                    Get Started
                  </Button>
                  <Button component={Link} to="/contact-sales" variant="default">
                    Contact Sales
                  </Button>
                </Group>
              </Stack>
            </Stack>
          </Grid.Col>
        </Grid>
      </Section>
    </PublicPage>
  );
}
