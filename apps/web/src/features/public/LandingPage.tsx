import { Anchor, Badge, Blockquote, Button, Card, Grid, Group, SimpleGrid, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceMobile, IconGasStation, IconPackage, IconServer, IconTool, IconTruck } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DESKTOP_QUERY } from '../../core/theme';
import { AUDIENCES, audienceFromQuery } from './landing-content';
import { SocialLinks } from '../../components/SocialLinks';
import { CheckList, PublicPage, Section, SectionHeading } from './PublicLayout';
import classes from './public.module.css';
import { ScreenshotGallery } from './ScreenshotGallery';

const FEATURES = [
  { icon: IconTruck, title: 'Equipment profiles', text: 'Photos, VIN, plates, insurance, hours and miles for every machine.' },
  { icon: IconTool, title: 'Service records', text: 'What was done, when, by which shop and for how much, with photos.' },
  { icon: IconGasStation, title: 'Fuel tracking', text: 'Gallons, price and MPG from every fill-up you log.' },
  { icon: IconPackage, title: 'Parts and inventory', text: 'Parts bought per machine, stock levels and suppliers.' },
  { icon: IconDeviceMobile, title: 'Made for the job site', text: 'Log a service or a fill-up from your phone in under a minute.' },
  { icon: IconServer, title: 'Runs on your server', text: 'Self-hosted: your records stay yours, on one small box or a cluster.' },
];

function reducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

function AudienceTabs() {
  const [params, setParams] = useSearchParams();
  const tab = audienceFromQuery(params.get('tab'));
  const bar = useRef<HTMLDivElement>(null);
  const wide = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false }) ?? true;

  function select(value: string | null) {
    if (!value) {
      return;
    }
    setParams(
      (p) => {
        p.set('tab', value);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
    // The tab bar comes to rest just below the fixed header (its scroll-margin-top).
    bar.current?.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
  }

  return (
    <Tabs value={tab} onChange={select} keepMounted={false}>
      {/* The global scroll-padding-top (the header's 64 px) sets where the smooth scroll stops. */}
      <div ref={bar} data-testid="audience-tabs">
        <Tabs.List grow={wide} justify="space-between" aria-label="Who uses Wrenchlog">
          {AUDIENCES.map((a) => (
            // The full label stays the tab's name on a phone; the visible short one is part of it.
            <Tabs.Tab key={a.value} value={a.value} aria-label={a.label} fz={{ base: 13, sm: 'md' }} px={{ base: 6, sm: 'md' }}>
              {wide ? a.label : a.short}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </div>
      {AUDIENCES.map((a) => (
        <Tabs.Panel key={a.value} value={a.value} pt="xl">
          <Grid gap={{ base: 'lg', md: 48 }} align="center">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Title order={3} fz={{ base: 22, md: 26 }} mb="md">
                {a.headline}
              </Title>
              <CheckList items={a.features} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Blockquote color="brand" cite={`— ${a.testimonial.name}, ${a.testimonial.role}`} fz="lg" m={0}>
                {a.testimonial.quote}
              </Blockquote>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

export default function LandingPage() {
  return (
    <PublicPage>
      <section className={classes.hero}>
        <Stack align="center" gap="lg" ta="center" px="md" py={{ base: 48, md: 88 }} maw={880} mx="auto">
          <Badge variant="light" size="lg">
            Now in beta
          </Badge>
          <Title order={1} fz={{ base: 34, md: 54 }} lh={1.08} style={{ textWrap: 'balance' }}>
            The maintenance log for everything you run
          </Title>
          <Text c="gray.7" fz={{ base: 'md', md: 'xl' }} maw={660} style={{ textWrap: 'pretty' }}>
            Service records with photos, fuel and parts for one pickup, a rental fleet, an excavator yard or a groundskeeping crew. Simpler than a spreadsheet,
            and it runs on your own server.
          </Text>
          <Group justify="center">
            <Button component={Link} to="/signup" size="lg">
              Get Started
            </Button>
            <Button component={Link} to="/pricing" size="lg" variant="default">
              Pricing
            </Button>
          </Group>
          <Text size="sm" c="gray.7">
            Already have an account?{' '}
            <Anchor component={Link} to="/login" fw={600}>
              Log In
            </Anchor>
          </Text>
        </Stack>
      </section>
      <Section>
        <SectionHeading title="Built for four kinds of owner" lead="Pick yours." />
        <AudienceTabs />
      </Section>
      <Section tone="muted">
        <SectionHeading title="Everything a machine's history needs" />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {FEATURES.map((f) => (
            <Card key={f.title}>
              <ThemeIcon size={40} variant="light" radius="md" mb="sm">
                <f.icon size={22} />
              </ThemeIcon>
              <Title order={3} fz="md" mb={4}>
                {f.title}
              </Title>
              <Text size="sm" c="gray.7">
                {f.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section>
        <SectionHeading title="See it" lead="Real screens from a Wrenchlog install. Click one to see it full size." />
        <ScreenshotGallery />
      </Section>
      <Section tone="muted">
        <Stack align="center" gap="md" ta="center">
          <Title order={2} fz={{ base: 26, md: 32 }}>
            Start your log today
          </Title>
          <Text c="gray.7" maw={560}>
            Free while in beta. Still on a spreadsheet?{' '}
            <Anchor component={Link} to="/replacespreadsheets" underline="always">
              See what changes
            </Anchor>
            .
          </Text>
          <Group justify="center">
            <Button component={Link} to="/signup" size="md">
              Sign Up
            </Button>
            <Button component={Link} to="/login" size="md" variant="default">
              Log In
            </Button>
          </Group>
          <SocialLinks />
        </Stack>
      </Section>
    </PublicPage>
  );
}
