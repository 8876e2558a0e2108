import {
  BOOKS_LIST_SORTS,
  MAX_UPLOAD_ISBNS,
  ZBookLookupQuery,
  ZBookLookupResponse,
  ZBooksExcelBody,
  ZBooksExcelResponse,
  ZBooksListQuery,
  ZBooksListResponse,
  ZErrorEnvelope,
  ZIsbn13,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyOf, routesInArea } from '../../plugins/auth';
import { notFound } from '../../lib/errors';
import { sortDescription } from '../../lib/lists/sort';
import type { ModuleDeps } from '../types';
import { ownCopyrightBooks } from '../copyright/copyright.service';
import { coverSvg } from '../../lib/cover';
import { createProductService } from './product.service';

const errors = { 400: ZErrorEnvelope, 401: ZErrorEnvelope };

/** Spec §7 "Bulk books": ISBN lookup and save; plus the registered-books list and generated covers. */
export const productRoutes: FastifyPluginAsyncZod<Pick<ModuleDeps, 'db' | 'config'>> = async (app, { db, config }) => {
  // (issue 58) who may call these: contract roles.ts ROLE_TABLE['product']
  routesInArea(app, 'product');
  const service = createProductService({
    db,
    config,
    copyrightBooks: (companyIdx, isbns) => ownCopyrightBooks(db, companyIdx, isbns),
    log: app.log,
  });

  app.get(
    '/product/excelApiBookInfo',
    {
      schema: {
        tags: ['product'],
        summary: 'Look up books by ISBN-13 (1 to 100 per call)',
        description:
          '`isbns` is a comma-separated list of valid ISBN-13s. Each is looked up in our catalogue, then in the ' +
          'external bibliographic provider when one is configured (BOOK_PROVIDER=nlk|aladin). The answer has one ' +
          'row per distinct ISBN, in the order asked; ISBNs nobody knows come back with `found: false`. ' +
          '(addition) `registered` says whether the calling company already registered the ISBN, so the review ' +
          "can flag it before saving; a registered ISBN that no provider knows comes back with the company's own " +
          'registration (`found: false`). ' +
          'A provider that fails or times out answers 503 SERVICE_UNAVAILABLE.',
        querystring: ZBookLookupQuery,
        response: { 200: ZBookLookupResponse, ...errors, 503: ZErrorEnvelope },
      },
    },
    async (request) => service.lookup(companyOf(request).companyIdx, request.query.isbns),
  );

  app.post(
    '/product/booksExcel',
    {
      // up to MAX_UPLOAD_ISBNS rows of a few hundred bytes each
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ['product'],
        summary: 'Register the reviewed books for the company',
        description:
          `\`data\`: 1 to ${MAX_UPLOAD_ISBNS} books. Every row is validated first (400 with the row paths in \`issues\`); ` +
          'then all are stored in one transaction, all or nothing. ISBNs the company already registered are not ' +
          'stored again and come back in `duplicates`. A company holds at most BOOKS_MAX_PER_COMPANY books ' +
          '(default 100,000): a save that would pass it stores nothing and answers 409 LIMIT_EXCEEDED ' +
          "('Maximum number allowed is {number}.', the number in `params.number`).",
        body: ZBooksExcelBody,
        response: { 200: ZBooksExcelResponse, ...errors, 409: ZErrorEnvelope, 413: ZErrorEnvelope },
      },
    },
    async (request) => service.saveBooks(companyOf(request).companyIdx, request.body.data),
  );

  app.get(
    '/product/booksList',
    {
      schema: {
        tags: ['product'],
        summary: "The company's registered books (addition)",
        description:
          '(addition) Not in the specification: the list behind /products/booksList. `search_value` is a JSON ' +
          'object {searchKey: "title"|"isbn", keyword, startDate, endDate} (registration dates, Asia/Seoul). ' +
          sortDescription(BOOKS_LIST_SORTS, 'created_at desc, newest first'),
        querystring: ZBooksListQuery,
        response: { 200: ZBooksListResponse, ...errors },
      },
    },
    async (request) => {
      const { start, length, search_value, sort, dir } = request.query;
      return service.list(companyOf(request).companyIdx, search_value, { start, length }, { sort, dir });
    },
  );

  app.get(
    '/product/cover/:isbn13',
    {
      config: { public: true },
      schema: {
        tags: ['product'],
        summary: 'Generated cover thumbnail of a catalogue book (addition)',
        description:
          '(addition) An SVG card with the title, for catalogue books that have no scanned cover. Public, like any ' +
          'catalogue data, so that an <img> can load it without a bearer token.',
        params: z.object({ isbn13: ZIsbn13 }),
        response: { 400: ZErrorEnvelope, 404: ZErrorEnvelope },
      },
    },
    async (request, reply) => {
      const title = await service.coverTitle(request.params.isbn13);
      if (!title) throw notFound();
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(coverSvg(request.params.isbn13, title) as never);
    },
  );
};
