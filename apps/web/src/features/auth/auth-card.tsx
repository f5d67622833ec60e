import { Container, Paper, Stack, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { Logo } from '../../components/Logo';

/** The signed-out card pages (forgot password, set password): the logo above one bordered card. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Container size={440} px="md">
      <Stack gap="lg">
        <Stack align="center">
          <Logo size="lg" />
        </Stack>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          {children}
        </Paper>
      </Stack>
    </Container>
  );
}

/** What a card page shows once its form has done its work. */
export function AuthDone({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack align="center" gap="sm" ta="center" role="status">
      {icon}
      <Title order={1} fz={24}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * One submit at a time: `busy` while it runs; `failure` is the server's message for a 4xx, else
 * `fallback` (a 5xx or the network), and the error goes to the console as the spec's forms do.
 */
export function useAuthSubmit(fallback: string, logLabel: string, initialFailure: string | null = null) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(initialFailure);
  async function run(work: () => Promise<void>): Promise<void> {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (err) {
      console.error(logLabel, err);
      setFailure(err instanceof ApiError && err.status < 500 && err.body?.message ? err.body.message : fallback);
    } finally {
      setBusy(false);
    }
  }
  return { busy, failure, run };
}
