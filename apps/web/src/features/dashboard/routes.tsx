import { Grid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { BoardTabs } from './components/board-tabs';
import { Counters } from './components/counters';
import { GlobalSales } from './components/global-sales';
import { MonthlySales } from './components/monthly-sales';

/** /dashboard (spec §2): counters, latest Q&A and notices, monthly sale quantity, global top sales with a map. */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  return (
    <>
      <PageHeader title={t('title')} />
      <Stack gap="md">
        <Counters />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <BoardTabs />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <MonthlySales />
          </Grid.Col>
        </Grid>
        <GlobalSales />
      </Stack>
    </>
  );
}
