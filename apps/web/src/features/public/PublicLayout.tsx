import { Anchor, Box, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SocialLinks } from '../../components/SocialLinks';
import { usePageView } from './page-view';
import classes from './public.module.css';

/** A band of page content with the public pages' width and spacing. */
export function Section({ children, tone = 'plain', id }: { children: ReactNode; tone?: 'plain' | 'muted'; id?: string }) {
  return (
    <Box component="section" className={tone === 'muted' ? classes.muted : undefined} id={id}>
      <Container size="lg" py={{ base: 40, md: 64 }} px="md">
        {children}
      </Container>
    </Box>
  );
}

/** The title block of a marketing page: an eyebrow, the page's only h1 and a lead paragraph. */
export function PageIntro({ eyebrow, title, children, center = false }: { eyebrow?: string; title: string; children?: ReactNode; center?: boolean }) {
  return (
    <Stack gap="sm" maw={center ? 720 : 760} mx={center ? 'auto' : undefined} ta={center ? 'center' : undefined} mb={{ base: 'xl', md: 40 }}>
      {eyebrow && (
        <Text tt="uppercase" fw={700} fz="sm" c="brand.8" style={{ letterSpacing: '0.06em' }}>
          {eyebrow}
        </Text>
      )}
      <Title order={1} fz={{ base: 32, md: 44 }} lh={1.15}>
        {title}
      </Title>
      {children && (
        <Text c="gray.7" fz={{ base: 'md', md: 'lg' }} style={{ textWrap: 'pretty' }}>
          {children}
        </Text>
      )}
    </Stack>
  );
}

/** A list of selling points, each with a green tick. */
export function CheckList({ items }: { items: string[] }) {
  return (
    <List
      spacing="sm"
      icon={
        <ThemeIcon size={22} radius="xl" color="green" variant="light">
          <IconCheck size={14} />
        </ThemeIcon>
      }
    >
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

/** A centred section heading with an optional line under it. */
export function SectionHeading({ title, lead }: { title: string; lead?: string }) {
  return (
    <Stack gap="xs" ta="center" mb="xl">
      <Title order={2} fz={{ base: 26, md: 32 }}>
        {title}
      </Title>
      {lead && <Text c="gray.7">{lead}</Text>}
    </Stack>
  );
}

const FOOTER_LINKS = [
  { label: 'Pricing', to: '/pricing' },
  { label: 'Replace your spreadsheets', to: '/replacespreadsheets' },
  { label: 'Roadmap', to: '/roadmap' },
  { label: 'About', to: '/about' },
  { label: 'Contact Sales', to: '/contact-sales' },
];

function PublicFooter() {
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" px="md" py="xl">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={6}>
            <Text fw={800}>Wrenchlog</Text>
            <Text size="sm" c="gray.7" maw={320}>
              Service, fuel and parts records for everything you run. Self-hosted, in beta.
            </Text>
            <SocialLinks />
          </Stack>
          <Group component="nav" aria-label="Site" gap="lg">
            {FOOTER_LINKS.map((l) => (
              <Anchor key={l.to} component={Link} to={l.to} c="gray.8" size="sm">
                {l.label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

/** Every public page: records its page view on load and ends with the site footer. */
export function PublicPage({ children, dark = false }: { children: ReactNode; dark?: boolean }) {
  usePageView();
  return (
    <div className={dark ? `${classes.root} ${classes.dark}` : classes.root}>
      {children}
      <PublicFooter />
    </div>
  );
}
