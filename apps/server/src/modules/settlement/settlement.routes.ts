import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZBuyInvoiceDetail,
  ZBuyInvoiceList,
  ZBuyInvoiceParams,
  ZBuyPaymentCompleteDetailQuery,
  ZBuyPaymentDetailResponse,
  ZBuyPaymentList,
  ZBuyPaymentParams,
  ZErrorEnvelope,
  ZFileDownloadBody,
  ZFileDownloadQuery,
  ZFileList,
  ZGetAllFilesQuery,
  ZInvoiceExportBody,
  ZPaymentExportBody,
  ZPaymentInvoiceList,
  dayIn,
  type TInvoiceFilter,
  type TPaymentFilter,
  ZBuyInvoiceListQuery,
  ZBuyPaymentListQuery,
  INVOICE_SORTS,
  PAYMENT_SORTS,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { WorkbookOptions } from '../../lib/export';
import { sendFile } from '../../lib/file-store';
import { sortDescription as SORT } from '../../lib/lists/sort';
import { companyOf, routesInArea } from '../../plugins/auth';
import type { ModuleDeps } from '../types';
import { createSettlementExports, type SettlementExportRequest } from './settlement.export';
import { createSettlementService } from './settlement.service';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 404: ZErrorEnvelope };
const SEARCH =
  'search_value: JSON `{"startDate":"YYYY-MM-DD","endDate":"YYYY-MM-DD","orderTypes":["onCredit","consignment","prepayment"]}`; ' +
  'every key optional, an empty orderTypes means every item. onCredit is "credit only" (credit items), consignment is ' +
  '"including consignment" (credit and consignment items, spec §9), prepayment prepayment items; several select the union.';
const INVOICE_SEARCH =
  `${SEARCH} (addition, issue 59) \`keyword\`: the invoice's code or title contains it, ignoring case; \`overdue\`: true keeps ` +
  'only the invoices marked overdue. A keyword matching many invoices among the first 2,000 of the list answers the count ' +
  'found there with `total_at_least: true` and no `totals` (a lower bound has no sum).';
const PAYMENT_SEARCH =
  `${SEARCH} (addition, issue 59) \`keyword\`: the depositor's name contains it, ignoring case, or, when it reads as an ` +
  'amount ("1,234,000", "1.234.000", "1234000", "12.50", "12,50": a separator followed by three digits groups thousands, ' +
  'one followed by one or two ends the amount), the amount equals it exactly. A keyword matching many payments among the ' +
  'first 2,000 of the list answers the count found there with `total_at_least: true`.';

const exportErrors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope, 429: ZErrorEnvelope };
const EXPORT_FORMAT =
  `search_value as for the list (JSON string or object). ${SEARCH} lang (en, ko, es, zh or ja, default en): headers and ` +
  'labels (issuer, status, item, payment state, deposit type) in that language. format xlsx (default; dates as Excel ' +
  "dates, amounts as numbers in the currency's minor unit with its symbol, frozen header, printed landscape one page wide) or csv (UTF-8 with a BOM, RFC 4180, " +
  "amounts as exact decimal text). Both end with the list's per-currency totals (its `totals`) after a blank row. Text cells starting with = + - @ get a leading '. fileName (optional) only names the " +
  'download. At most 2 exports per company and 6 in all run at once: one more answers 429 with Retry-After.';

const BALANCE =
  '(addition) Beside the spec’s `buy_payment_idx` (the payment that settled the invoice in full; null means unpaid, which ' +
  'includes partially paid) and `payment_state` (Y paid / N unpaid, from it): `paid_amount` (covered amounts and adjustments ' +
  'of the payments covering it), `outstanding_amount` (amount − paid_amount), `balance_state` (paid, partial, unpaid) and ' +
  '`overdue` (something owed and the due date before today in the business time zone).';

/** What the two lists are built from: kept answers last until a write to these is announced. */
const LIST_TOPICS = ['settlement', 'reference'] as const;

// Routes of the settlement domain (spec §7 "Settlement", and the settlement side of "Files").
export const settlementRoutes: FastifyPluginAsyncZod<Pick<ModuleDeps, 'db' | 'files' | 'config' | 'exporter' | 'changes'>> = async (
  app,
  { db, files, config, exporter, changes },
) => {
  // (issue 58) who may call these: contract roles.ts ROLE_TABLE['settlement']
  routesInArea(app, 'settlement');
  const service = createSettlementService({ db, files, issuer: config.issuer, timeZone: config.timeZone, now: config.now, changes });
  const exports = createSettlementExports({ db, timeZone: config.timeZone, now: config.now });
  // the invoice list marks (and filters) what is overdue against today: a kept answer is today's only
  const businessDay = () => dayIn(config.now(), config.timeZone);

  app.get(
    '/calculate/buyInvoiceSend',
    {
      config: { cacheTopics: LIST_TOPICS, cacheVary: businessDay },
      schema: {
        tags: ['settlement'],
        summary: 'Invoices sent to the company, newest registration day first',
        description:
          `Paged (start, length < 1 → 10). Invoices are filtered on their registration day. ${INVOICE_SEARCH} ` +
          '(addition) Beside dataset and total_cnt: `totals`, the count and exact sum per currency of every invoice of the filter, ' +
          'and `page_totals`, the same for the rows of this page (amounts as decimal strings). ' +
          BALANCE +
          ' ' +
          SORT(INVOICE_SORTS, 'created_at desc'),
        querystring: ZBuyInvoiceListQuery,
        response: { 200: ZBuyInvoiceList, ...errors },
      },
    },
    async (request) => service.invoices(companyOf(request).companyIdx, request.query),
  );

  /** The invoice and the payment list as .xlsx or .csv (additions): one route shape, each with its list's words. */
  const exportRoute = <F extends TInvoiceFilter | TPaymentFilter, R, K>(
    url: string,
    list: string,
    order: string,
    body: typeof ZInvoiceExportBody | typeof ZPaymentExportBody,
    rows: (companyIdx: number, q: SettlementExportRequest<F>) => Promise<WorkbookOptions<R, K>>,
  ) =>
    app.post(
      url,
      {
        // (issue 58) an export reads; the company's activity log records who downloaded it
        config: { access: 'read', activity: `export.${list}s` },
        schema: {
          tags: ['settlement'],
          summary: `(addition) The ${list} list as .xlsx or .csv, with the same filters, streamed`,
          description: `(addition) Not in the specification. Every row of the ${list} list with the same search_value, in the same order (${order}). ${EXPORT_FORMAT}`,
          body,
          response: exportErrors,
        },
      },
      async (request, reply) => {
        const { companyIdx } = companyOf(request);
        // the body as its list's schema validated it (the invoices' or the payments')
        const { search_value, ...rest } = request.body as Omit<typeof request.body, 'search_value'> & { search_value?: F };
        return exporter.streamWorkbook(reply as FastifyReply, companyIdx, () =>
          rows(companyIdx, { filter: search_value ?? ({} as F), ...rest }),
        );
      },
    );
  exportRoute('/calculate/exportBuyInvoiceSend', 'invoice', 'newest registration day first', ZInvoiceExportBody, exports.invoices);
  exportRoute('/calculate/exportBuyPayment', 'payment', 'newest deposit first', ZPaymentExportBody, exports.payments);

  app.get(
    '/calculate/buyInvoiceSend/:buy_invoice_idx',
    {
      schema: {
        tags: ['settlement'],
        summary: 'One invoice with its lines (addition)',
        description:
          '(addition) Not in the specification: the invoice detail of the invoices tab. The fields of a list row ' +
          '(without `no`) and `lines` (line_no, description, qty, unit_price, supply_amount = qty × unit_price, vat_amount, ' +
          'vat_exempt, amount = supply + VAT, in the invoice currency; they add up to the invoice amount), the totals ' +
          '`supply_total` and `vat_total`, and `approval_number` (승인번호 of the NTS electronic original, or null), as the ' +
          "invoice PDF shows them. Another company's invoice answers 404. " +
          BALANCE,
        params: ZBuyInvoiceParams,
        response: { 200: ZBuyInvoiceDetail, ...errors },
      },
    },
    async (request) => service.invoice(companyOf(request).companyIdx, request.params.buy_invoice_idx),
  );

  app.get(
    '/calculate/buyPayment',
    {
      config: { cacheTopics: LIST_TOPICS },
      schema: {
        tags: ['settlement'],
        summary: 'Payments made by the company, newest deposit first',
        description:
          `Paged (start, length < 1 → 10). Payments are filtered on their deposit date; order types keep payments covering an invoice of those items. ${PAYMENT_SEARCH} ` +
          '(addition) Beside dataset and total_cnt: `totals`, the count and exact sum per currency of every payment of the filter (none when the total is a lower bound). ' +
          SORT(PAYMENT_SORTS, 'd_date desc'),
        querystring: ZBuyPaymentListQuery,
        response: { 200: ZBuyPaymentList, ...errors },
      },
    },
    async (request) => service.payments(companyOf(request).companyIdx, request.query),
  );

  app.get(
    '/calculate/buyPayment/:buy_payment_idx',
    {
      schema: {
        tags: ['settlement'],
        summary: 'One payment (an array whose first item is read) with its attachments',
        params: ZBuyPaymentParams,
        response: { 200: ZBuyPaymentDetailResponse, ...errors },
      },
    },
    async (request) => service.payment(companyOf(request).companyIdx, request.params.buy_payment_idx),
  );

  app.get(
    '/calculate/buyPaymentCompleteDetail',
    {
      schema: {
        tags: ['settlement'],
        summary: 'The invoices a payment covered, with the amount applied to each',
        description:
          '`amount` is the invoice amount (spec §3). (addition) `covered_amount`: what this payment applied to it; `adjustment` ' +
          'and `adjustment_reason`: what it settled without money (e.g. bank charges); `outstanding_amount`: what the invoice ' +
          'still owes after every payment covering it.',
        querystring: ZBuyPaymentCompleteDetailQuery,
        response: { 200: ZPaymentInvoiceList, ...errors },
      },
    },
    async (request) => service.paymentInvoices(companyOf(request).companyIdx, request.query.buy_payment_idx),
  );

  app.get(
    '/common/getAllFiles',
    {
      schema: {
        tags: ['settlement'],
        summary: "A payment's attachments",
        description: "uploadPath `buy_payment/<buy_payment_idx>`; any other location, or another company's payment, answers 404.",
        querystring: ZGetAllFilesQuery,
        response: { 200: ZFileList, ...errors },
      },
    },
    async (request) => service.allFiles(companyOf(request).companyIdx, request.query.uploadPath),
  );

  const fileDescription =
    "uploadPath `buy_invoice` with fileName `<code>.pdf` (the invoice PDF), or `buy_payment/<idx>` with an attachment's " +
    "`name.extension`. The file is looked up in the database for the caller's company; anything else answers 404.";
  const fileResponse = errors;

  app.post(
    '/common/fileDownload',
    {
      // (issue 58) a download reads
      config: { access: 'read' },
      schema: {
        tags: ['settlement'],
        summary: 'Download a settlement file',
        description: fileDescription,
        body: ZFileDownloadBody,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const file = await service.download(companyOf(request).companyIdx, request.body.uploadPath, request.body.fileName);
      return sendFile(reply, files, file);
    },
  );

  app.get(
    '/common/fileDownload',
    {
      schema: {
        tags: ['settlement'],
        summary: 'Download a settlement file',
        description: fileDescription,
        querystring: ZFileDownloadQuery,
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const file = await service.download(companyOf(request).companyIdx, request.query.uploadPath, request.query.fileName);
      return sendFile(reply, files, file);
    },
  );
};
