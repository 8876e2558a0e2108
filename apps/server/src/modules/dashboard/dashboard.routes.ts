import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DASHBOARD_BOARD_SIZE,
  ZDashboardBoard,
  ZDashboardCount,
  ZErrorEnvelope,
  ZGlobalSaleTop,
  ZMonthlySaleQtyResponse,
} from '@portal/contract';
import { companyOf, routesInArea } from '../../plugins/auth';
import type { ModuleDeps } from '../types';
import { createDashboardService } from './dashboard.service';

const errors = { 401: ZErrorEnvelope };
const tags = ['dashboard'];

/** Spec §7 dashboard calls: figures of the company of the token, read from the other domains' tables. */
export const dashboardRoutes: FastifyPluginAsyncZod<Pick<ModuleDeps, 'db' | 'config' | 'changes'>> = async (
  app,
  { db, config, changes },
) => {
  // (issue 58) who may call these: contract roles.ts ROLE_TABLE['dashboard']
  routesInArea(app, 'dashboard');
  const service = createDashboardService({ db, changes, timeZone: config.timeZone, now: config.now });
  const counter = (path: string, summary: string, get: (companyIdx: number) => Promise<number>) =>
    app.get(path, { schema: { tags, summary, response: { 200: ZDashboardCount, ...errors } } }, (request) =>
      get(companyOf(request).companyIdx),
    );

  counter('/company/dashboard/copyrightBooksCnt', "Number of the company's copyright books", service.copyrightBooksCnt);
  counter(
    '/company/dashboard/unpaidInvoiceCnt',
    'Number of invoices sent to the company with an amount still owed (buy_payment_idx null: no payment settled them in full). ' +
      '(deviation) A partially paid invoice counts: the spec counts invoices without any payment (docs/decisions/vat-rounding.md).',
    service.unpaidInvoiceCnt,
  );
  counter(
    '/company/dashboard/overdueInvoiceCnt',
    `(addition) Number of the company's invoices with an amount still owed whose due date has passed (before today in ${config.timeZone}): ` +
      'the ones the invoice list marks overdue. Read every time (it changes at midnight without a write).',
    service.overdueInvoiceCnt,
  );
  counter(
    '/company/dashboard/copyrightReportCnt',
    `Number of royalty lines registered yesterday (calendar day in ${config.timeZone})`,
    service.copyrightReportCnt,
  );

  app.get(
    '/dashboard/board',
    {
      schema: {
        tags,
        summary: `The ${DASHBOARD_BOARD_SIZE} newest notice and qna posts (replies included) the user's division may see`,
        response: { 200: ZDashboardBoard, ...errors },
      },
    },
    (request) => service.board(companyOf(request).division),
  );

  app.get(
    '/company/dashboard/monthlySaleQty',
    {
      schema: {
        tags,
        summary: 'Sold copies per month, last 12 months',
        description:
          `Sum of qty of the company's royalty lines per calendar month in ${config.timeZone}, the 11 months before ` +
          'the current one and the current one, oldest first; months without lines have qty 0. height is the ' +
          "month's share of the largest month in percent (2 decimals).",
        response: { 200: ZMonthlySaleQtyResponse, ...errors },
      },
    },
    (request) => service.monthlySaleQty(companyOf(request).companyIdx),
  );

  app.get(
    '/company/dashboard/globalSaleTop',
    {
      schema: {
        tags,
        summary: 'Sold copies per customer country',
        description:
          "All the company's royalty lines summed by the customer's country, every country with sales ranked by " +
          'quantity (ties by name). percent is the share of all sold copies with 2 decimals, rounded by largest ' +
          'remainder so the rows sum to exactly 100. code_3, code_2 and numeric (ISO 3166) are additions. mapData maps ' +
          'the 3-letter code to the quantity.',
        response: { 200: ZGlobalSaleTop, ...errors },
      },
    },
    (request) => service.globalSaleTop(companyOf(request).companyIdx),
  );
};
