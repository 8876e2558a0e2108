import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCopyrightBooksQuery,
  ZCopyrightBooksResponse,
  ZErrorEnvelope,
  ZExportBooksBody,
  ZExportRoyaltyBody,
  ZRoyaltyQuery,
  ZRoyaltyResponse,
  COPYRIGHT_BOOK_SORTS,
  ROYALTY_SORTS,
} from '@portal/contract';
import { sortDescription } from '../../lib/lists/sort';
import { companyOf, routesInArea } from '../../plugins/auth';
import type { ModuleDeps } from '../types';
import { coverSvg } from '../../lib/cover';
import { createCopyrightService } from './copyright.service';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope };

const ROYALTY_RULE =
  "Royalty of a line = unit_price × qty × rate / 100, where rate (percent) is that of the line's copyright book; " +
  'qty counts sold copies only: sample copies (sample_qty) and disused copies (disuse_qty) earn no royalty. ' +
  'Computed in SQL on numeric (exact), rounded half away from zero to 2 decimals per line; totals are the sums ' +
  'of the rounded lines, per currency, over the whole filtered set. A line is calculated when it has an invoice ' +
  '(buy_invoice_idx set), otherwise uncalculated (spec §4).';
const ROYALTY_FILTER =
  'search_value (JSON): startDate/endDate (YYYY-MM-DD, on created_at, in the app time zone, both inclusive), ' +
  'isbn (digits, matches the beginning), customerName (part of the name, case-insensitive), invoiceYn ' +
  '(Y calculated, N uncalculated). Malformed dates, a non-digit ISBN or a range ending before it starts answer 400. ' +
  'Sorted by title, then line (spec §9).';

const EXPORT_FORMAT =
  'lang (addition; en, ko, es, zh or ja, default en): the language of the screen that asks; headers, sheet name, ' +
  'status and pay-type labels, country names and the totals rows are in it. Dates are Excel dates (yyyy-mm-dd, ' +
  'yyyy-mm-dd hh:mm in the app time zone), amounts numbers with 2 decimals and their currency symbol, counts ' +
  'numbers; the header row is frozen and the columns are as wide as their content; printed landscape, one page wide, ' +
  'the header on every page. format (addition) xlsx (default) or csv (UTF-8 with a BOM, RFC 4180, dates and amounts ' +
  "as exact text, text starting with = + - @ with a leading '); fileName (optional) only names the download, its " +
  'extension that of the format.';

/** What the lists are built from (the royalty list also from the company's saleInfo_display flag). */
const BOOKS_TOPICS = ['copyright', 'reference'] as const;
const ROYALTY_TOPICS = ['copyright', 'companies', 'reference'] as const;

export const copyrightRoutes: FastifyPluginAsyncZod<Pick<ModuleDeps, 'db' | 'auth' | 'config' | 'changes' | 'exporter'>> = async (
  app,
  { db, auth, config, changes, exporter },
) => {
  // (issue 58) who may call these: contract roles.ts ROLE_TABLE['copyright']
  routesInArea(app, 'copyright');
  const service = createCopyrightService({ db, changes, auth, timeZone: config.timeZone });

  app.get(
    '/company/copyright/books',
    {
      config: { cacheTopics: BOOKS_TOPICS },
      schema: {
        tags: ['copyright'],
        summary: "The company's copyright books",
        description:
          'search_value (JSON, addition): searchKey title|isbn with keyword (ISBN digits only), startDate/endDate ' +
          '(publication date, inclusive), payType sale|net. Sorted by number (registration order). ' +
          sortDescription(COPYRIGHT_BOOK_SORTS, 'no asc'),
        querystring: ZCopyrightBooksQuery,
        response: { 200: ZCopyrightBooksResponse, ...errors },
      },
    },
    async (request) => {
      const { start, length, search_value, sort, dir } = request.query;
      return service.booksList(companyOf(request).companyIdx, { start, length }, search_value ?? {}, { sort, dir });
    },
  );

  app.post(
    '/copyright/exportBooks',
    {
      // (issue 58) an export reads
      config: { access: 'read', activity: 'export.copyright_books' },
      schema: {
        tags: ['copyright'],
        summary: '(addition) The copyright book list as .xlsx or .csv, with the same filters',
        description: EXPORT_FORMAT,
        body: ZExportBooksBody,
        response: errors,
      },
    },
    async (request, reply) => {
      const { companyIdx } = companyOf(request);
      const { fileName, search_value, lang, format } = request.body;
      return exporter.streamWorkbook(reply as FastifyReply, companyIdx, async () => {
        const book = await service.booksWorkbook(companyIdx, search_value ?? {}, { lang, format });
        return fileName ? { ...book, fileName } : book;
      });
    },
  );

  app.get(
    '/copyright/royalty',
    {
      config: { cacheTopics: ROYALTY_TOPICS },
      schema: {
        tags: ['copyright'],
        summary: 'Royalty lines of the company, with royalty amounts and per-currency totals',
        description: `${ROYALTY_FILTER} ${ROYALTY_RULE} saleInfo is null unless the company's saleInfo_display is Y. ${sortDescription(ROYALTY_SORTS, 'title asc')}`,
        querystring: ZRoyaltyQuery,
        response: { 200: ZRoyaltyResponse, ...errors },
      },
    },
    async (request) => {
      const { start, length, search_value, sort, dir } = request.query;
      return service.royaltyList(companyOf(request).companyIdx, { start, length }, search_value ?? {}, { sort, dir });
    },
  );

  app.post(
    '/copyright/exportRoyalty',
    {
      // (issue 58) an export reads
      config: { access: 'read', activity: 'export.royalty' },
      schema: {
        tags: ['copyright'],
        summary: 'The filtered royalty lines as .xlsx (default name Royalty.xlsx) or .csv, streamed',
        description:
          `Exactly the rows of copyright/royalty with the same search_value, in the same order, with a Royalty ` +
          `column and per-currency total rows at the end. ${ROYALTY_RULE} The workbook is streamed while rows are ` +
          `read in keyset batches. ${EXPORT_FORMAT}`,
        body: ZExportRoyaltyBody,
        response: errors,
      },
    },
    async (request, reply) => {
      const { companyIdx } = companyOf(request);
      const { fileName, search_value, lang, format } = request.body;
      return exporter.streamWorkbook(reply as FastifyReply, companyIdx, async () => {
        const book = await service.royaltyWorkbook(companyIdx, search_value ?? {}, { lang, format });
        return fileName ? { ...book, fileName } : book;
      });
    },
  );

  app.get(
    '/copyright/cover/:file',
    {
      config: { public: true },
      schema: {
        tags: ['copyright'],
        summary: '(addition) A generated cover image for an ISBN (works offline; shows no book data)',
        params: z.object({ file: z.string().regex(/^\d{13}\.svg$/) }),
      },
    },
    async (request, reply) =>
      (reply as FastifyReply)
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(coverSvg(request.params.file.slice(0, 13))),
  );
};
