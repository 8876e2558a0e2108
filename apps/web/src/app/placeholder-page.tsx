import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Spec §2: /register and /lock are template placeholders with sample content and no behaviour. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Paper component="main" withBorder p="xl" maw={480} w="100%" data-testid="placeholder-page">
      <Stack>
        <Title order={1} size="h2">
          {t(titleKey)}
        </Title>
        <Text fw={600}>{t('app.placeholderTitle')}</Text>
        <Text c="dimmed">{t('app.placeholderText')}</Text>
        <Anchor component={Link} to="/login">
          {t('app.backToLogin')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
