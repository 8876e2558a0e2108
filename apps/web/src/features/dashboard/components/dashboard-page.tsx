import { Grid, Stack } from '@mantine/core';
import { usePrefetchQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dashboardBoardQuery } from '../api/board';
import { copyrightBooksCntQuery } from '../api/copyright-books-cnt';
import { copyrightReportCntQuery } from '../api/copyright-report-cnt';
import { globalSaleTopQuery } from '../api/global-sale-top';
import { monthlySaleQtyQuery } from '../api/monthly-sale-qty';
import { overdueInvoiceCntQuery } from '../api/overdue-invoice-cnt';
import { unpaidInvoiceCntQuery } from '../api/unpaid-invoice-cnt';
import { PageHeader } from '../../../components/page-header';
import { BoardTabs } from './board-tabs';
import { Counters } from './counters';
import { GlobalSales } from './global-sales';
import { MonthlySales } from './monthly-sales';

/** /dashboard (spec §2): counters, latest Q&A and notices, monthly sale quantity, global top sales with a map. */
export function DashboardPage() {
  // The seven calls start now, while the page's texts load (useTranslation suspends below), not after.
  usePrefetchQuery(copyrightReportCntQuery());
  usePrefetchQuery(copyrightBooksCntQuery());
  usePrefetchQuery(unpaidInvoiceCntQuery());
  usePrefetchQuery(overdueInvoiceCntQuery());
  usePrefetchQuery(dashboardBoardQuery());
  usePrefetchQuery(monthlySaleQtyQuery());
  usePrefetchQuery(globalSaleTopQuery());
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
