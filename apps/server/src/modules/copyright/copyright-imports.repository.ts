import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows as rows } from '../../db/raw-query';
import { deferSummarySql, flushSummarySql } from '../../lib/lists/summary';
import { ROYALTY_OF, ROYALTY_SUMMARY } from './copyright.repository';

/**
 * The SQL of the copyright imports (issue 15, copyright.imports.ts). Each batch travels as one JSON
 * parameter read by json_to_recordset: one round trip per batch, the same text parameter on PGlite
 * and node-postgres (no driver-specific array encoding), typed by the record definition. Writes are
 * one INSERT … ON CONFLICT … DO UPDATE … WHERE (values differ) per batch: `xmax = 0` tells a created
 * row from an updated one, and a row the WHERE skipped returns nothing (unchanged).
 */

export interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

/** created/updated from a `w` CTE returning `created`; the rest of `total` were unchanged. */
async function counted(db: DbOrTx, query: ReturnType<typeof sql>, total: number): Promise<Counts> {
  const [c] = await rows<{ created: number; updated: number }>(db, query);
  const created = Number(c?.created ?? 0);
  const updated = Number(c?.updated ?? 0);
  return { created, updated, unchanged: total - created - updated };
}
const COUNT_W = sql`select count(*) filter (where created)::int as created, count(*) filter (where not created)::int as updated from w`;

/** Login id → company idx of every company (a distributor has thousands at most). */
export async function companyIdxByLoginId(db: DbOrTx): Promise<Map<string, number>> {
  const found = await rows<{ id: string; idx: number }>(db, sql`select id, idx from companies`);
  return new Map(found.map((r) => [r.id, Number(r.idx)]));
}

export async function currencyNames(db: DbOrTx): Promise<Set<string>> {
  return new Set((await rows<{ name: string }>(db, sql`select name from currencies`)).map((r) => r.name.trim()));
}

export async function countryCodes3(db: DbOrTx): Promise<Set<string>> {
  return new Set((await rows<{ code: string }>(db, sql`select code_3 as code from countries`)).map((r) => r.code.trim()));
}

export interface BookImportValues {
  companyIdx: number;
  isbn: string;
  title: string;
  publicationDate: string;
  pageCount: number;
  listPrice: string;
  currency: string;
  payType: string;
  rate: string;
  /** '' keeps the book's current cover */
  imgUrl: string;
}

const BOOK_FIELDS = ['title', 'publication_date', 'page_count', 'list_price', 'currency', 'pay_type', 'rate'] as const;

export async function upsertCopyrightBooks(db: DbOrTx, values: BookImportValues[]): Promise<Counts> {
  const json = JSON.stringify(
    values.map((v) => ({
      company_idx: v.companyIdx,
      isbn: v.isbn,
      title: v.title,
      publication_date: v.publicationDate,
      page_count: v.pageCount,
      list_price: v.listPrice,
      currency: v.currency,
      pay_type: v.payType,
      rate: v.rate,
      img_url: v.imgUrl,
    })),
  );
  const set = sql.raw(BOOK_FIELDS.map((f) => `${f} = excluded.${f}`).join(', '));
  const old = sql.raw(BOOK_FIELDS.map((f) => `b.${f}`).join(', '));
  const fresh = sql.raw(BOOK_FIELDS.map((f) => `excluded.${f}`).join(', '));
  return counted(
    db,
    sql`with w as (
      insert into copyright_books as b (company_idx, isbn, title, publication_date, page_count, list_price, currency, pay_type, rate, img_url)
      select company_idx, isbn, title, publication_date, page_count, list_price, currency, pay_type, rate, img_url
      from json_to_recordset(${json}::json) as x(company_idx int, isbn text, title text, publication_date date, page_count int,
        list_price numeric, currency text, pay_type text, rate numeric, img_url text)
      on conflict (company_idx, isbn) do update set ${set}, img_url = coalesce(nullif(excluded.img_url, ''), b.img_url)
      where (${old}, b.img_url) is distinct from (${fresh}, coalesce(nullif(excluded.img_url, ''), b.img_url))
      returning (xmax = 0) as created
    ) ${COUNT_W}`,
    values.length,
  );
}

export async function upsertRoyaltyCustomers(db: DbOrTx, values: { name: string; country: string }[]): Promise<Counts> {
  return counted(
    db,
    sql`with w as (
      insert into royalty_customers as c (name, country)
      select name, country from json_to_recordset(${JSON.stringify(values)}::json) as x(name text, country text)
      on conflict (name) do update set country = excluded.country
      where c.country is distinct from excluded.country
      returning (xmax = 0) as created
    ) ${COUNT_W}`,
    values.length,
  );
}

export interface LineImportValues {
  row: number;
  companyIdx: number;
  lineRef: string;
  isbn: string;
  customer: string;
  /** ISO instant */
  soldAt: string;
  unitPrice: string;
  currency: string;
  qty: number;
  sampleQty: number;
  disuseQty: number;
  saleInfo: string;
}

/**
 * The staging table of a royalty-lines import: one batch at a time, with the book and customer each
 * row names resolved by joins. Temporary and dropped with the import's transaction (commit or rollback).
 * The lines' summary (ROYALTY_SUMMARY) is deferred to addLineSums at the end: each batch only sums its
 * lines per day into a temporary table, instead of rewriting its day and month rows (and their rollup's) every batch.
 */
export async function createLineStage(db: DbOrTx) {
  for (const statement of deferSummarySql(ROYALTY_SUMMARY)) await db.execute(sql.raw(statement));
  await db.execute(sql`create temporary table royalty_import_stage (
    row int not null, company_idx int not null, line_ref text not null, isbn text not null, customer text not null,
    created_at timestamptz not null, unit_price numeric(14, 2) not null, currency char(3) not null, qty int not null,
    sample_qty int not null, disuse_qty int not null, sale_info text not null, book_idx int, customer_idx int
  ) on commit drop`);
  // every key of the file so far with its first row: repeated keys are found here, not in a map of a million keys in JS
  await db.execute(sql`create temporary table royalty_import_keys (
    company_idx int not null, line_ref text not null, row int not null, primary key (company_idx, line_ref)
  ) on commit drop`);
}

/** The line's values as royalty_lines holds them, in the order of LINE_VALUES (for the "values differ" test). */
const LINE_VALUES = ['book_idx', 'customer_idx', 'unit_price', 'currency', 'qty', 'sample_qty', 'disuse_qty', 'sale_info', 'created_at'];
const cols = (alias: string) => sql.raw(LINE_VALUES.map((c) => `${alias}.${c}`).join(', '));

export interface LineProblem {
  row: number;
  problem: 'book' | 'customer' | 'calculated' | 'duplicate';
  /** duplicate: the row that has the key first */
  other: number | null;
}

/**
 * Puts one batch in the staging table (replacing the last) and returns what is wrong with its rows
 * in the database: a book the company does not have, an unknown customer, a line already calculated
 * whose values the file would change.
 */
export async function stageLines(db: DbOrTx, values: LineImportValues[]): Promise<LineProblem[]> {
  await db.execute(sql`truncate royalty_import_stage`);
  const json = JSON.stringify(
    values.map((v) => ({
      row: v.row,
      company_idx: v.companyIdx,
      line_ref: v.lineRef,
      isbn: v.isbn,
      customer: v.customer,
      created_at: v.soldAt,
      unit_price: v.unitPrice,
      currency: v.currency,
      qty: v.qty,
      sample_qty: v.sampleQty,
      disuse_qty: v.disuseQty,
      sale_info: v.saleInfo,
    })),
  );
  await db.execute(sql`insert into royalty_import_stage
    select x.*, b.idx, c.idx
    from json_to_recordset(${json}::json) as x(row int, company_idx int, line_ref text, isbn text, customer text,
      created_at timestamptz, unit_price numeric(14, 2), currency char(3), qty int, sample_qty int, disuse_qty int, sale_info text)
    left join copyright_books b on b.company_idx = x.company_idx and b.isbn = x.isbn
    left join royalty_customers c on c.name = x.customer`);
  const found = await rows<{ row: number; problem: LineProblem['problem']; other: number | null }>(
    db,
    sql`with first as (
        select company_idx, line_ref, min(row) as row from royalty_import_stage group by company_idx, line_ref
      ), seen as (
        insert into royalty_import_keys select company_idx, line_ref, row from first on conflict do nothing returning company_idx, line_ref
      )
      select s.row, 'duplicate' as problem, coalesce(k.row, f.row) as other
        from royalty_import_stage s join first f using (company_idx, line_ref)
        left join seen n using (company_idx, line_ref)
        left join royalty_import_keys k on k.company_idx = s.company_idx and k.line_ref = s.line_ref and n.line_ref is null
        where s.row <> f.row or n.line_ref is null
      union all
      select s.row, 'book', null from royalty_import_stage s where s.book_idx is null
      union all
      select s.row, 'customer', null from royalty_import_stage s where s.customer_idx is null
      union all
      select s.row, 'calculated', null from royalty_import_stage s
        join royalty_lines r on r.company_idx = s.company_idx and r.line_ref = s.line_ref
        where r.buy_invoice_idx is not null and s.book_idx is not null and s.customer_idx is not null
          and (${cols('r')}) is distinct from (${cols('s')})`,
  );
  return found.map((p) => ({ row: Number(p.row), problem: p.problem, other: p.other === null ? null : Number(p.other) }));
}

/**
 * Writes the staged batch (stageLines found nothing wrong with it): new lines inserted in row order,
 * changed uncalculated lines updated, the others left as they are. Statement-level triggers keep the
 * royalty list's summary tables (lib/lists/summary.ts) as for any other write.
 */
export async function writeStagedLines(db: DbOrTx, total: number): Promise<Counts> {
  const set = sql.raw(LINE_VALUES.map((c) => `${c} = excluded.${c}`).join(', '));
  return counted(
    db,
    sql`with w as (
      insert into royalty_lines as r (company_idx, line_ref, ${sql.raw(LINE_VALUES.join(', '))}, royalty)
      select s.company_idx, s.line_ref, ${cols('s')}, ${ROYALTY_OF('s', 'b.rate')}
      from royalty_import_stage s join copyright_books b on b.idx = s.book_idx order by s.row
      on conflict (company_idx, line_ref) where line_ref is not null do update set ${set}, royalty = excluded.royalty
      where r.buy_invoice_idx is null and (${cols('r')}) is distinct from (${cols('excluded')})
      returning (xmax = 0) as created
    ) ${COUNT_W}`,
    total,
  );
}

/** The lines' summary deferred by createLineStage, added once to its day and month tables (their triggers update the totals). */
export async function addLineSums(db: DbOrTx) {
  for (const statement of flushSummarySql(ROYALTY_SUMMARY)) await db.execute(sql.raw(statement));
}
