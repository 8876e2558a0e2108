/**
 * The copyright domain's import kinds (issue 15): copyright books, royalty customers and royalty
 * lines. Columns, row rules (the contract's ISBN and money rules, currencies and countries from their
 * tables) and natural keys here; the SQL in copyright-imports.repository.ts.
 */
import { PAY_TYPES, toMinor } from '@portal/contract';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import {
  countryCode,
  currencyCode as currency,
  date,
  dateTimeColumn,
  instantOf,
  isbn,
  money,
  requiredText as required,
} from '../../lib/imports/columns';
import type { ImportColumn, ImportKind, RowIssue } from '../../lib/imports/run';
import * as repo from './copyright-imports.repository';

const percent = z
  .string({ error: 'required' })
  // aborting: the bound below reads the value as a decimal, which a cell like `q` is not (a server error before)
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { message: 'percent', abort: true })
  .refine((v) => toMinor(v) <= 10000n, 'percent')
  .transform((v) => {
    const minor = toMinor(v);
    return `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
  });

const integer = (min: number, max: number) =>
  z
    .string()
    .refine((v) => /^-?\d{1,10}$/.test(v) && Number(v) >= min && Number(v) <= max, { message: 'integer', params: { min, max } })
    .transform(Number);

const companyId: ImportColumn = {
  name: 'company_id',
  required: true,
  example: 'hanbit',
  description: 'Login id of the publisher (a company of the companies import)',
};

/** Reference data of the copyright kinds, read once per import. */
interface RefCtx {
  companies: Map<string, number>;
  currencies: Set<string>;
  countries: Set<string>;
}

const prepareRefs = async (tx: DbOrTx): Promise<RefCtx> => ({
  companies: await repo.companyIdxByLoginId(tx),
  currencies: await repo.currencyNames(tx),
  countries: await repo.countryCodes3(tx),
});

function refIssues(row: number, ctx: RefCtx, v: { companyId?: string; currency?: string; country?: string }): RowIssue[] {
  const out: RowIssue[] = [];
  if (v.companyId !== undefined && !ctx.companies.has(v.companyId))
    out.push({ row, column: 'company_id', message: { key: 'unknownCompany', params: { value: v.companyId } } });
  if (v.currency !== undefined && !ctx.currencies.has(v.currency)) out.push({ row, column: 'currency', message: { key: 'currency' } });
  if (v.country !== undefined && !ctx.countries.has(v.country)) out.push({ row, column: 'country', message: { key: 'country' } });
  return out;
}

// ── copyright-books ──────────────────────────────────────────────────────────────────────────────
const bookSchema = z
  .object({
    company_id: required(100),
    isbn,
    title: required(300),
    publication_date: date,
    page_count: integer(0, 100000).default(0),
    list_price: money(),
    currency,
    pay_type: z
      .string({ error: 'required' })
      .transform((v) => v.toLowerCase())
      .refine((v) => (PAY_TYPES as readonly string[]).includes(v), { message: 'oneOf', params: { values: PAY_TYPES.join(', ') } }),
    rate: percent,
    img_url: z
      .string()
      .max(500)
      .regex(/^(https?:\/\/|\/)\S+$/i, 'invalid')
      .default(''),
  })
  .transform((r) => ({
    companyId: r.company_id,
    isbn: r.isbn,
    title: r.title,
    publicationDate: r.publication_date,
    pageCount: r.page_count,
    listPrice: r.list_price,
    currency: r.currency,
    payType: r.pay_type,
    rate: r.rate,
    imgUrl: r.img_url,
  }));
type BookRow = z.infer<typeof bookSchema>;

export const copyrightBooksImport: ImportKind<BookRow, RefCtx> = {
  kind: 'copyright-books',
  description:
    'One row per copyright book of a publisher. Natural key: `company_id` and the ISBN (an ISBN-10 is stored as its ' +
    'ISBN-13; hyphens and spaces are ignored): a row for a book the company has already updates it. An empty ' +
    '`img_url` keeps the cover the book has. A new rate re-measures the royalty of the book\u2019s lines in the lists.',
  columns: [
    companyId,
    { name: 'isbn', required: true, example: '979-11-5839-045-7', description: 'ISBN-13 or ISBN-10, checksum verified' },
    { name: 'title', required: true, example: 'The Quiet Garden', description: 'Title (at most 300 characters)' },
    { name: 'publication_date', required: true, example: '2024-03-15', description: 'Publication date, YYYY-MM-DD' },
    { name: 'page_count', required: false, example: '312', description: 'Pages (default 0)' },
    { name: 'list_price', required: true, example: '18000', description: 'List price, at most 2 decimals' },
    { name: 'currency', required: true, example: 'KRW', description: 'Currency of the list price (a known currency)' },
    { name: 'pay_type', required: true, example: 'sale', description: 'Royalty base: sale (sale price) or net (net price)' },
    { name: 'rate', required: true, example: '10', description: 'Royalty rate in percent, 0 to 100, at most 2 decimals' },
    { name: 'img_url', required: false, example: 'https://covers.example/9791158390457.jpg', description: 'Cover image URL' },
  ],
  schema: bookSchema,
  key: (r) => `${r.companyId}\u0000${r.isbn}`,
  prepare: prepareRefs,
  check: (record, ctx) => refIssues(record.rows[0]!, ctx, record.values[0]!),
  write: (tx, records, ctx) =>
    repo.upsertCopyrightBooks(
      tx,
      records.map((r) => ({ ...r.values[0]!, companyIdx: ctx.companies.get(r.values[0]!.companyId)! })),
    ),
};

// ── royalty-customers ────────────────────────────────────────────────────────────────────────────
const customerSchema = z.object({
  name: required(200),
  country: countryCode,
});
type CustomerRow = z.infer<typeof customerSchema>;

export const royaltyCustomersImport: ImportKind<CustomerRow, RefCtx> = {
  kind: 'royalty-customers',
  description:
    'One row per royalty customer (a buyer of copyright books, shared by all publishers). Natural key: `name`, ' +
    'exactly as royalty lines name the customer; a row with an existing name updates its country.',
  columns: [
    { name: 'name', required: true, example: 'Kyobo Book Centre', description: 'Customer name (natural key, at most 200 characters)' },
    { name: 'country', required: true, example: 'KOR', description: 'Country, ISO 3166 alpha-3' },
  ],
  schema: customerSchema,
  key: (r) => r.name,
  prepare: prepareRefs,
  check: (record, ctx) => refIssues(record.rows[0]!, ctx, { country: record.values[0]!.country }),
  write: (tx, records) =>
    repo.upsertRoyaltyCustomers(
      tx,
      records.map((r) => r.values[0]!),
    ),
};

// ── royalty-lines ────────────────────────────────────────────────────────────────────────────────
const lineSchema = z
  .object({
    line_ref: required(60),
    company_id: required(100),
    isbn,
    customer: required(200),
    // a day alone is noon in the business time zone: the list shows lines, and filters days, in that zone, so the
    // line falls on the day the file says (and no daylight-saving change is near noon)
    sold_at: dateTimeColumn({ dateAlone: '12:00' }),
    unit_price: money(),
    currency,
    qty: integer(-1000000, 1000000),
    sample_qty: integer(0, 1000000).default(0),
    disuse_qty: integer(0, 1000000).default(0),
    sale_info: z.string().max(100).default(''),
  })
  .transform((r) => ({
    lineRef: r.line_ref,
    companyId: r.company_id,
    isbn: r.isbn,
    customer: r.customer,
    soldAt: r.sold_at,
    unitPrice: r.unit_price,
    currency: r.currency,
    qty: r.qty,
    sampleQty: r.sample_qty,
    disuseQty: r.disuse_qty,
    saleInfo: r.sale_info,
  }));
type LineRow = z.infer<typeof lineSchema>;

/** Rows per batch of royalty lines: each batch is a few set-based statements, so larger batches mean fewer round trips. */
const LINE_BATCH_ROWS = 5000;

export const royaltyLinesImport: ImportKind<LineRow, RefCtx> = {
  kind: 'royalty-lines',
  description:
    'One row per royalty line (copies of a copyright book sold to a royalty customer). Natural key: `company_id` ' +
    'and `line_ref`, the distributor\u2019s own reference of the line: importing a file again changes nothing, a ' +
    'changed row updates its line. The book must be a copyright book of that company (copyright-books import) and the ' +
    'customer a royalty customer (royalty-customers import). A line already calculated on an invoice cannot be ' +
    'changed. `sold_at` is a date (taken as 12:00 in the business time zone, so the lists show that day) or a date and ' +
    'time, in the business time zone (APP_TIME_ZONE, default Asia/Seoul) unless Z or an offset follows.',
  columns: [
    {
      name: 'line_ref',
      required: true,
      example: 'RL-2024-000001',
      description: 'Your reference of the line, unique per company (natural key)',
    },
    companyId,
    { name: 'isbn', required: true, example: '9791158390457', description: 'ISBN of one of the company\u2019s copyright books' },
    {
      name: 'customer',
      required: true,
      example: 'Kyobo Book Centre',
      description: 'Royalty customer name, as in the royalty-customers import',
    },
    {
      name: 'sold_at',
      required: true,
      example: '2024-04-02',
      description:
        'Date of the sale, YYYY-MM-DD (12:00 that day), or its time, YYYY-MM-DD HH:MM[:SS]; in the business time zone ' +
        '(APP_TIME_ZONE, default Asia/Seoul) unless Z or an offset such as +09:00 follows',
    },
    { name: 'unit_price', required: true, example: '16200', description: 'Unit price, at most 2 decimals' },
    { name: 'currency', required: true, example: 'KRW', description: 'Currency of the unit price (a known currency)' },
    { name: 'qty', required: true, example: '40', description: 'Sold copies (negative for returns)' },
    { name: 'sample_qty', required: false, example: '2', description: 'Sample copies (default 0)' },
    { name: 'disuse_qty', required: false, example: '0', description: 'Discarded copies (default 0)' },
    {
      name: 'sale_info',
      required: false,
      example: 'Spring fair',
      description: 'Sale note shown to publishers that see sale info (at most 100 characters)',
    },
  ],
  schema: lineSchema,
  key: (r) => `${r.companyId}\u0000${r.lineRef}`,
  batchRows: LINE_BATCH_ROWS,
  checksDuplicates: true,
  prepare: async (tx) => {
    const refs = await prepareRefs(tx);
    await repo.createLineStage(tx);
    return refs;
  },
  check: (record, ctx) => refIssues(record.rows[0]!, ctx, record.values[0]!),
  // the book and customer of every row, and repeated keys, are found by joins on the staged batch, not one lookup per row
  checkBatch: async (tx, records, ctx, env) => {
    const staged = records.flatMap((r) => {
      const v = r.values[0]!;
      const companyIdx = ctx.companies.get(v.companyId);
      const soldAt = instantOf(v.soldAt, env.timeZone).toISOString();
      return companyIdx === undefined ? [] : [{ ...v, soldAt, row: r.rows[0]!, companyIdx }];
    });
    const byRow = new Map(staged.map((s) => [s.row, s]));
    const problems = await repo.stageLines(tx, staged);
    return problems.map(({ row, problem, other }): RowIssue => {
      const v = byRow.get(row)!;
      if (problem === 'duplicate') return { row, column: 'line_ref', message: { key: 'duplicate', params: { other: other ?? '' } } };
      if (problem === 'book') return { row, column: 'isbn', message: { key: 'unknownBook', params: { value: v.isbn } } };
      if (problem === 'customer') return { row, column: 'customer', message: { key: 'unknownCustomer', params: { value: v.customer } } };
      return { row, column: 'line_ref', message: { key: 'lineCalculated', params: { value: v.lineRef } } };
    });
  },
  write: (tx, records) => repo.writeStagedLines(tx, records.length),
  finish: (tx) => repo.addLineSums(tx),
};
