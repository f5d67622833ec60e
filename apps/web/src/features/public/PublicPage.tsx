import { Badge, Button, Card, Container, Group, List, SimpleGrid, Stack, Tabs, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { IconCheck, IconFlag, IconGasStation, IconPhoto, IconTool, IconTruck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../../app/context';

export type PublicPageName = 'landing' | 'signup' | 'signup-success' | 'roadmap' | 'replacespreadsheets' | 'about' | 'pricing' | 'contact-sales' | 'platinumAccountRequest';

function Section({ children }: { children: React.ReactNode }) {
  return (
    <Container size="lg" py={{ base: 40, md: 64 }} px="md">
      {children}
    </Container>
  );
}

const AUDIENCES = [
  { value: 'personal', label: 'Personal', text: 'Keep every oil change, tyre rotation and receipt for your truck, car or motorcycle in one place.' },
  { value: 'rental', label: 'Rental fleets', text: 'Know which unit is due for service before it goes back out, with fuel and cost history per machine.' },
  { value: 'heavy', label: 'Heavy equipment', text: 'Track hours, repairs and parts for excavators, loaders and dozers across every yard.' },
  { value: 'groundskeeping', label: 'Groundskeeping', text: 'Mowers, trimmers and utility vehicles: one record per machine, photos of every service.' },
];

function Landing() {
  const [params, setParams] = useSearchParams();
  const { status } = useSession();
  const tab = AUDIENCES.some((a) => a.value === params.get('tab')) ? params.get('tab')! : 'personal';
  return (
    <>
      <Section>
        <Stack align="center" gap="lg" ta="center">
          <Badge variant="light" size="lg">
            Beta
          </Badge>
          <Title order={1} fz={{ base: 34, md: 52 }} lh={1.1} maw={760}>
            The maintenance log your vehicles and equipment deserve
          </Title>
          <Text c="dimmed" fz={{ base: 'md', md: 'xl' }} maw={620}>
            Service records with photos, fuel and parts for one pickup or a whole fleet. Simpler than a spreadsheet, and it is yours: Wrenchlog runs on your own server.
          </Text>
          <Group>
            {status === 'authenticated' ? (
              <Button component={Link} to="/dashboard" size="lg">
                Go to the dashboard
              </Button>
            ) : (
              <>
                <Button component={Link} to="/signup" size="lg">
                  Get Started
                </Button>
                <Button component={Link} to="/login" size="lg" variant="default">
                  Log In
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </Section>
      <Container size="lg" px="md" pb={64}>
        <SimpleGrid cols={{ base: 1, md: 4 }} spacing="lg" mb={48}>
          {[
            { icon: IconTruck, title: 'Equipment profiles', text: 'Photos, VIN, plates, insurance and usage per machine.' },
            { icon: IconTool, title: 'Service records', text: 'What was done, where, for how much, with photos.' },
            { icon: IconGasStation, title: 'Fuel tracking', text: 'Gallons, cost and miles per gallon over time.' },
            { icon: IconPhoto, title: 'Parts', text: 'Every part bought, for which machine, from which store.' },
          ].map((f) => (
            <Card key={f.title}>
              <ThemeIcon size={40} variant="light" mb="sm">
                <f.icon size={22} />
              </ThemeIcon>
              <Text fw={700}>{f.title}</Text>
              <Text size="sm" c="dimmed">
                {f.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <Tabs value={tab} onChange={(v) => v && setParams({ tab: v }, { replace: true })} id="audiences">
          <Tabs.List grow>
            {AUDIENCES.map((a) => (
              <Tabs.Tab key={a.value} value={a.value}>
                {a.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {AUDIENCES.map((a) => (
            <Tabs.Panel key={a.value} value={a.value} pt="lg">
              <Text fz="lg">{a.text}</Text>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Container>
    </>
  );
}

function Pricing() {
  const plans = [
    { name: 'Hobbyist', price: '$0 / month', struck: 'Up to 5 Machines', items: ['No machine limit', 'Image storage up to 100MB per account', 'Service and fuel history', 'Service reminders and email notifications'], action: { label: 'Sign Up', to: '/signup' } },
    { name: 'Professional', price: '$25 / month', badges: ['Most popular', 'Coming soon'], items: ['Up to 100 machines', 'Multi-user', 'No image storage limit', 'Advanced reporting', 'Parts inventory', 'Hour-based alerts', 'Data export'] },
    { name: 'Enterprise', price: 'Custom', badges: ['Future'], items: ['Unlimited machines', 'Role-based permissions'] },
    { name: 'Platinum', price: 'Inquiry only', items: ['Personalised development', 'Direct access to the engineering team'], action: { label: 'Inquire', to: '/platinumAccountRequest' } },
  ];
  return (
    <Section>
      <Title order={1} ta="center" mb="xl">
        Pricing
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {plans.map((p) => (
          <Card key={p.name} padding="xl">
            <Stack gap="sm" h="100%">
              <Text fw={800} fz="lg">
                {p.name}
              </Text>
              <Group gap={6} mih={22}>
                {p.badges?.map((b, i) => (
                  <Badge key={b} size="sm" variant={i === 0 && b === 'Most popular' ? 'filled' : 'light'}>
                    {b}
                  </Badge>
                ))}
              </Group>
              <Text fz={26} fw={800}>
                {p.price}
              </Text>
              {p.struck && (
                <Text size="sm" td="line-through" c="dimmed">
                  {p.struck}
                </Text>
              )}
              <List spacing={6} size="sm" icon={<IconCheck size={16} color="var(--mantine-color-green-7)" />} style={{ flex: 1 }}>
                {p.items.map((i) => (
                  <List.Item key={i}>{i}</List.Item>
                ))}
              </List>
              {p.action && (
                <Button component={Link} to={p.action.to} variant="light" mt="sm">
                  {p.action.label}
                </Button>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}

function Roadmap() {
  return (
    <Section>
      <Title order={1} mb="xl">
        Roadmap
      </Title>
      <Timeline active={1} bulletSize={28} lineWidth={2}>
        <Timeline.Item bullet={<IconCheck size={16} />} title="Alpha — completed">
          <Text c="dimmed" size="sm">Equipment profiles, maintenance records, fuel tracking, parts management.</Text>
        </Timeline.Item>
        <Timeline.Item bullet={<IconFlag size={16} />} title="Beta — current, Fall '25">
          <Text c="dimmed" size="sm">Email notifications; maintenance scheduling by time, mileage or hours (in progress).</Text>
        </Timeline.Item>
        <Timeline.Item title="Release candidate — Spring '26">
          <Text c="dimmed" size="sm">Multi-user accounts, push notifications, basic reporting and dashboards.</Text>
        </Timeline.Item>
        <Timeline.Item title="Full launch — Fall '26">
          <Text c="dimmed" size="sm">Mechanic shop portal, multi-account switching, work orders, advanced reporting, API integration.</Text>
        </Timeline.Item>
        <Timeline.Item title="Beyond the roadmap">
          <Text c="dimmed" size="sm">GPS, IoT sensors, predictive maintenance, a marketplace.</Text>
        </Timeline.Item>
      </Timeline>
    </Section>
  );
}

const SIMPLE: Record<Exclude<PublicPageName, 'landing' | 'pricing' | 'roadmap'>, { title: string; text: string }> = {
  signup: { title: 'Sign Up', text: 'Account requests open soon in this build. Ask your Wrenchlog administrator for an account in the meantime.' },
  'signup-success': { title: 'Thank you', text: 'Your login credentials will arrive by email shortly.' },
  replacespreadsheets: { title: 'Replace your spreadsheets', text: 'One record per machine, with photos, fuel and parts: no more tabs to keep in sync.' },
  about: { title: 'About Wrenchlog', text: 'Wrenchlog started as one owner’s notebook of oil changes and grew into a log for whole fleets.' },
  'contact-sales': { title: 'Contact Sales', text: 'The contact form is not available in this build yet.' },
  platinumAccountRequest: { title: 'Platinum Account Inquiry', text: 'The inquiry form is not available in this build yet.' },
};

export default function PublicPage({ page }: { page: PublicPageName }) {
  if (page === 'landing') {
    return <Landing />;
  }
  if (page === 'pricing') {
    return <Pricing />;
  }
  if (page === 'roadmap') {
    return <Roadmap />;
  }
  const info = SIMPLE[page];
  return (
    <Section>
      <Stack gap="md" maw={640}>
        <Title order={1}>{info.title}</Title>
        <Text c="dimmed" fz="lg">
          {info.text}
        </Text>
        <Group>
          <Button component={Link} to="/" variant="default">
            Return to Home
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}
