import { Button, Card, Group, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCamera, IconDeviceMobile, IconHistory, IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageIntro, PublicPage, Section } from './PublicLayout';

const COMPARISON = [
  {
    task: 'When was the oil last changed?',
    sheet: 'Scroll the right tab, hope someone filled it in',
    wrenchlog: 'Open the machine: the last service is at the top',
  },
  { task: 'Photos of the worn part', sheet: "On somebody's phone", wrenchlog: 'On the service record, with the date and the cost' },
  { task: 'Fuel and MPG', sheet: 'A formula that breaks when a row is inserted', wrenchlog: 'Worked out from every fill-up you log' },
  { task: 'Parts bought for a machine', sheet: 'A receipt in a shoebox', wrenchlog: 'Part purchases linked to the machine and the store' },
  { task: 'Logging work at the job site', sheet: 'Later, from memory', wrenchlog: 'On a phone, in under a minute' },
];

const POINTS = [
  { icon: IconHistory, title: 'One history per machine', text: 'Service records, fuel and parts for each pickup, excavator or mower, in date order.' },
  { icon: IconCamera, title: 'Photos where they belong', text: 'Attach the before-and-after shots to the service they show.' },
  { icon: IconReceipt, title: 'Costs without formulas', text: 'Totals per fill-up, per part and per service are added up for you.' },
  { icon: IconDeviceMobile, title: 'Works on the phone you carry', text: 'Quick-create a fuel or service record from the cab or the yard.' },
];

export default function ReplaceSpreadsheetsPage() {
  return (
    <PublicPage>
      <Section>
        <PageIntro eyebrow="Replace your spreadsheets" title="Your maintenance spreadsheet did its best">
          A tab per machine and a column for everything works until there are three people, twenty machines and a shoebox of receipts. Wrenchlog keeps the same
          information with none of the upkeep.
        </PageIntro>
        <Card padding={0} withBorder>
          {/* Three short columns wrap on a phone rather than scroll sideways. */}
          <Table verticalSpacing="sm" horizontalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">The question</Table.Th>
                <Table.Th scope="col">In a spreadsheet</Table.Th>
                <Table.Th scope="col">In Wrenchlog</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {COMPARISON.map((row) => (
                <Table.Tr key={row.task}>
                  <Table.Th scope="row" fw={600}>
                    {row.task}
                  </Table.Th>
                  <Table.Td c="gray.7">{row.sheet}</Table.Td>
                  <Table.Td>{row.wrenchlog}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </Section>
      <Section tone="muted">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {POINTS.map((p) => (
            <Stack key={p.title} gap={6}>
              <ThemeIcon size={40} variant="light" radius="md">
                <p.icon size={22} />
              </ThemeIcon>
              <Title order={2} fz="md">
                {p.title}
              </Title>
              <Text size="sm" c="gray.7">
                {p.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Group justify="center" mt={48}>
          <Button component={Link} to="/signup" size="lg">
            Get Started
          </Button>
          <Button component={Link} to="/pricing" size="lg" variant="default">
            See Pricing
          </Button>
        </Group>
      </Section>
    </PublicPage>
  );
}
