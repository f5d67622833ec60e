import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { PublicPage } from './PublicLayout';

/** Reached from the signup with the query parameters email and name (name optional). */
export default function SignupSuccessPage() {
  const [params] = useSearchParams();
  const name = params.get('name')?.trim();
  const email = params.get('email')?.trim();
  return (
    <PublicPage>
      <Container size={560} px="md" py={{ base: 40, md: 72 }}>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 40 }}>
          <Stack align="center" gap="md" ta="center">
            <IconCircleCheck size={56} color="var(--mantine-color-green-7)" aria-hidden />
            <Title order={1} fz={{ base: 28, md: 34 }}>
              {name ? `Thank you, ${name}!` : 'Thank you for signing up!'}
            </Title>
            {email ? (
              <Text fz="lg">
                We have your request for <b data-testid="signup-email">{email}</b>.
              </Text>
            ) : (
              <Text fz="lg">We have your request.</Text>
            )}
            <Text c="gray.7">
              Your login credentials will come to that address shortly, once an administrator has approved the account: an email with a link to set your own
              password (it works once, for 48 hours). Check your spam folder if nothing arrives.
            </Text>
            <Button component={Link} to="/" size="md" mt="sm">
              Return to Home
            </Button>
          </Stack>
        </Paper>
      </Container>
    </PublicPage>
  );
}
