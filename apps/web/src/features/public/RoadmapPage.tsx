import { Badge, Group, List, Text, ThemeIcon, Timeline, Title } from '@mantine/core';
import { IconBulb, IconCheck, IconFlag, IconRocket, IconTargetArrow } from '@tabler/icons-react';
import { PageIntro, PublicPage, Section } from './PublicLayout';

interface Stage {
  name: string;
  when?: string;
  state: 'completed' | 'current' | 'upcoming' | 'ideas';
  items: string[];
  icon: typeof IconCheck;
}

// Spec doc 2 section 1: the stages and items exactly; "(in progress)" marks what is being built now.
export const STAGES: Stage[] = [
  { name: 'Alpha', state: 'completed', icon: IconCheck, items: ['Equipment profiles', 'Maintenance records', 'Fuel tracking', 'Parts management'] },
  {
    name: 'Beta',
    when: "Fall '25",
    state: 'current',
    icon: IconFlag,
    items: ['Email notifications', 'Maintenance scheduling by time, mileage or hours (in progress)'],
  },
  {
    name: 'Release candidate',
    when: "Spring '26",
    state: 'upcoming',
    icon: IconTargetArrow,
    items: ['Multi-user accounts', 'Push notifications', 'Basic reporting and dashboards'],
  },
  {
    name: 'Full launch',
    when: "Fall '26",
    state: 'upcoming',
    icon: IconRocket,
    items: ['Mechanic shop portal', 'Multi-account switching', 'Work orders', 'Advanced reporting', 'API integration'],
  },
  { name: 'Ideas beyond the roadmap', state: 'ideas', icon: IconBulb, items: ['GPS', 'IoT sensors', 'Predictive maintenance', 'A marketplace'] },
];

// Light badges with dark text: Mantine's coloured text on its own tint is below AA at badge size.
const STATE_BADGE: Record<Stage['state'], { label: string; color: string }> = {
  completed: { label: 'Completed', color: 'green' },
  current: { label: 'Current', color: 'brand' },
  upcoming: { label: 'Upcoming', color: 'gray' },
  ideas: { label: 'Ideas', color: 'grape' },
};

export default function RoadmapPage() {
  return (
    <PublicPage>
      <Section>
        <PageIntro eyebrow="Where Wrenchlog is going" title="Roadmap">
          Wrenchlog is in beta. Here is what is done, what we are building now and what comes next. Tell us what your fleet needs and it may move up the list.
        </PageIntro>
        <Timeline active={1} bulletSize={34} lineWidth={2} maw={760}>
          {STAGES.map((stage) => {
            const badge = STATE_BADGE[stage.state];
            return (
              <Timeline.Item
                key={stage.name}
                bullet={
                  <ThemeIcon
                    size={34}
                    radius="xl"
                    color={stage.state === 'completed' || stage.state === 'current' ? 'brand' : 'gray'}
                    variant={stage.state === 'upcoming' || stage.state === 'ideas' ? 'light' : 'filled'}
                  >
                    <stage.icon size={18} />
                  </ThemeIcon>
                }
                title={
                  <Group gap="sm" wrap="wrap">
                    <Title order={2} fz="xl">
                      {stage.name}
                    </Title>
                    <Badge variant="light" color={badge.color} c="var(--mantine-color-text)">
                      {badge.label}
                    </Badge>
                    {stage.when && (
                      <Text c="gray.7" fw={600}>
                        {stage.when}
                      </Text>
                    )}
                  </Group>
                }
                pb="lg"
                data-testid={`stage-${stage.state}`}
              >
                <List spacing={4} mt="xs" c="gray.8">
                  {stage.items.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
              </Timeline.Item>
            );
          })}
        </Timeline>
      </Section>
    </PublicPage>
  );
}
