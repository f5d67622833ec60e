import { Badge, Box, Card, Overlay, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A settings section that is shown but does nothing yet: its controls sit under a 'COMING SOON'
 * overlay and are inert (no focus, no clicks, hidden from assistive technology), while the
 * section title and the overlay's text stay readable.
 */
export function ComingSoonSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} pos="relative">
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      <Box pos="relative">
        <div inert>
          <Stack gap="sm">{children}</Stack>
        </div>
        <Overlay color="var(--mantine-color-body)" backgroundOpacity={0.72} blur={1} radius="sm" center zIndex={2}>
          <Badge size="xl" radius="sm" variant="filled" color="dark" style={{ letterSpacing: 2 }}>
            COMING SOON
          </Badge>
        </Overlay>
      </Box>
    </Card>
  );
}
