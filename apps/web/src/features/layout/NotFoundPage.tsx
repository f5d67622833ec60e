import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Page } from '../../components/PageHeader';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <Stack align="center" py={80} gap="sm">
        <Text fz={64} fw={800} c="gray.6" lh={1}>
          404
        </Text>
        <Title order={1} fz={24}>
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to="/dashboard" mt="sm">
          {t('notFound.back')}
        </Button>
      </Stack>
    </Page>
  );
}
