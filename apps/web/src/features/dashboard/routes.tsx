import type { ScreenPath } from '@portal/contract/screens';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { dashboardBoardQuery } from './api/board';
import { copyrightBooksCntQuery } from './api/copyright-books-cnt';
import { copyrightReportCntQuery } from './api/copyright-report-cnt';
import { globalSaleTopQuery } from './api/global-sale-top';
import { monthlySaleQtyQuery } from './api/monthly-sale-qty';
import { unpaidInvoiceCntQuery } from './api/unpaid-invoice-cnt';
import { DashboardPage } from './components/dashboard-page';

/** The feature's screens (the contract's SCREENS): path → page. The router loads this module lazily. */
export const pages: Record<ScreenPath<'dashboard'>, ComponentType> = {
  '/dashboard': DashboardPage,
};

/** The six calls of the dashboard, started by its route with the page's code (app/router.tsx). */
export const prefetch: Record<ScreenPath<'dashboard'>, (queryClient: QueryClient) => Promise<unknown>> = {
  '/dashboard': (qc) =>
    Promise.all([
      qc.prefetchQuery(copyrightReportCntQuery()),
      qc.prefetchQuery(copyrightBooksCntQuery()),
      qc.prefetchQuery(unpaidInvoiceCntQuery()),
      qc.prefetchQuery(dashboardBoardQuery()),
      qc.prefetchQuery(monthlySaleQtyQuery()),
      qc.prefetchQuery(globalSaleTopQuery()),
    ]),
};
