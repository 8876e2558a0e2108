import { Badge, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

/** A screen of a later issue: clearly marked as not built yet. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <Paper withBorder p="xl" data-testid="coming-soon">
        <Stack align="flex-start">
          <Badge color="yellow" size="lg">
            {t('app.comingSoon')}
          </Badge>
          <Text>{t('app.comingSoonText')}</Text>
        </Stack>
      </Paper>
    </>
  );
}
