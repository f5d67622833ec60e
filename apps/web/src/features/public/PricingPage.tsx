import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageIntro, PublicPage, Section } from './PublicLayout';
import classes from './public.module.css';

interface Plan {
  name: string;
  price: string;
  per?: string;
  status?: string;
  popular?: boolean;
  /** Shown struck through: the Hobbyist limit that no longer applies. */
  struck?: string;
  features: string[];
  action: { label: string; to?: string };
}

// The four plans exactly as spec doc 2 section 9 states them.
export const PLANS: Plan[] = [
  {
    name: 'Hobbyist',
    price: '$0',
    per: 'per month',
    struck: 'Up to 5 Machines',
    features: ['No machine limit', 'Image storage up to 100MB per account', 'Service and fuel history', 'Service reminders and email notifications'],
    action: { label: 'Sign Up', to: '/signup' },
  },
  {
    name: 'Professional',
    price: '$25',
    per: 'per month',
    status: 'Coming soon',
    popular: true,
    features: ['Up to 100 machines', 'Multi-user', 'No image storage limit', 'Advanced reporting', 'Parts inventory', 'Hour-based alerts', 'Data export'],
    action: { label: 'Coming soon' },
  },
  {
    name: 'Enterprise',
    price: 'Custom',
    status: 'Future',
    features: ['Unlimited machines', 'Multi-user accounts with role-based permissions'],
    action: { label: 'Contact Sales', to: '/contact-sales' },
  },
  {
    name: 'Platinum',
    price: 'Inquiry only',
    features: ['Personalised development', 'Direct access to the engineering team', 'Dedicated support'],
    action: { label: 'Inquire', to: '/platinumAccountRequest' },
  },
];

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <Card
      padding="xl"
      shadow={plan.popular ? 'md' : 'xs'}
      className={plan.popular ? classes.planPopular : undefined}
      data-testid={`plan-${plan.name}`}
      component="article"
      aria-label={`${plan.name} plan`}
    >
      <Stack gap="sm" h="100%">
        {/* Side by side, the badge row keeps its height on every card so names and prices line up. */}
        <Group gap={6} mih={22} display={plan.popular || plan.status ? undefined : { base: 'none', sm: 'flex' }}>
          {plan.popular && (
            <Badge variant="filled" color="brand">
              Most popular
            </Badge>
          )}
          {plan.status && (
            <Badge variant="light" color="gray" c="var(--mantine-color-text)">
              {plan.status}
            </Badge>
          )}
        </Group>
        <Title order={2} fz="xl">
          {plan.name}
        </Title>
        <Group gap={6} align="baseline">
          <Text fz={plan.price.startsWith('$') ? 34 : 26} fw={800} lh={1.2} mih={41}>
            {plan.price}
          </Text>
          {plan.per && <Text c="gray.7">{plan.per}</Text>}
        </Group>
        <List spacing={8} size="sm" icon={<IconCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />} style={{ flex: 1, lineHeight: 1.45 }}>
          {plan.struck && (
            <List.Item>
              <Text span td="line-through" c="gray.7" size="sm">
                {plan.struck}
              </Text>
            </List.Item>
          )}
          {plan.features.map((f) => (
            <List.Item key={f}>{f}</List.Item>
          ))}
        </List>
        {plan.action.to ? (
          <Button component={Link} to={plan.action.to} variant={plan.name === 'Hobbyist' ? 'filled' : 'light'} fullWidth mt="sm">
            {plan.action.label}
          </Button>
        ) : (
          <Button disabled fullWidth mt="sm">
            {plan.action.label}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

export default function PricingPage() {
  return (
    <PublicPage>
      <Section>
        <PageIntro center title="Pricing">
          Free for one pickup or a hundred mowers while Wrenchlog is in beta. Paid plans add people, reporting and support when your fleet needs them.
        </PageIntro>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {PLANS.map((p) => (
            <PlanCard key={p.name} plan={p} />
          ))}
        </SimpleGrid>
        <Text ta="center" c="gray.7" size="sm" mt="xl">
          Running Wrenchlog on your own server? Every feature that is built today is in your install; the plans describe the hosted service.
        </Text>
      </Section>
    </PublicPage>
  );
}
