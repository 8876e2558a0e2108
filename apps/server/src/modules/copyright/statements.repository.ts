import { and, desc, eq, sql } from 'drizzle-orm';
import type { TStatementRow, TStatementsFilter } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { queryRows as rows } from '../../db/raw-query';
import { royaltyStatements } from '../../db/schema';
import { countRows, isoSql, listPage, type Paging } from '../../lib/lists';
import { lineConditions, type RoyaltyWhere } from './copyright.repository';

/**
 * Royalty statements (issue 18): what a statement shows, read with the royalty list's own line
 * conditions (lineConditions) and its stored royalty (royalty_lines.royalty), so its totals are the list's for the same period; and the
 * issued statements. Every query takes the company idx.
 */

/** Companies and currencies with royalty lines created in [start, end] (days in `timeZone`). */
export async function periodCompanies(db: DbOrTx, start: string, end: string, timeZone: string, companyIdx?: number) {
  const found = await rows<{ company_idx: number; currency: string }>(
    db,
    sql`select distinct r.company_idx, r.currency from royalty_lines r
      where r.created_at >= (${start}::date)::timestamp at time zone ${timeZone}
        and r.created_at < (${end}::date + 1)::timestamp at time zone ${timeZone}
        ${companyIdx === undefined ? sql`` : sql`and r.company_idx = ${companyIdx}`}
      order by r.company_idx, r.currency`,
  );
  return found.map((r) => ({ companyIdx: Number(r.company_idx), currency: r.currency.trim() }));
}

export interface StatementCompany {
  company_name: string;
  country: string;
  registration_number: string;
}

export async function statementCompany(db: DbOrTx, companyIdx: number) {
  const [found] = await rows<StatementCompany>(
    db,
    sql`select company_name, country, registration_number from companies where idx = ${companyIdx}`,
  );
  return found;
}

/**
 * A statement's rows: per book and unit price, per book (unit_price null) and the whole period
 * (book_idx null), in title order; exact numeric sums as text. `settled` is the royalty of lines
 * calculated on an invoice (buy_invoice_idx set, spec §4).
 */
export interface StatementGroup {
  book_idx: number | null;
  title: string | null;
  isbn: string | null;
  rate: string | null;
  unit_price: string | null;
  cnt: number;
  qty: number;
  sample_qty: number;
  disuse_qty: number;
  royalty: string;
  settled: string;
}

export async function statementGroups(db: DbOrTx, w: RoyaltyWhere, currency: string): Promise<StatementGroup[]> {
  const royalty = sql`r.royalty`;
  const found = await rows<StatementGroup>(
    db,
    sql`select b.idx as book_idx, b.title, b.isbn, b.rate::text as rate, r.unit_price::text as unit_price,
        count(*)::int as cnt, sum(r.qty)::bigint as qty, sum(r.sample_qty)::bigint as sample_qty, sum(r.disuse_qty)::bigint as disuse_qty,
        sum(${royalty})::text as royalty,
        coalesce(sum(${royalty}) filter (where r.buy_invoice_idx is not null), 0)::text as settled
      from royalty_lines r
      join copyright_books b on b.idx = r.book_idx and b.company_idx = ${w.companyIdx}
      where ${lineConditions(w)} and r.currency = ${currency}
      group by grouping sets ((b.title, b.idx, b.isbn, b.rate, r.unit_price), (b.title, b.idx, b.isbn, b.rate), ())
      order by b.title nulls last, b.idx nulls last, r.unit_price nulls last`,
  );
  return found.map((g) => ({
    ...g,
    book_idx: g.book_idx === null ? null : Number(g.book_idx),
    cnt: Number(g.cnt),
    qty: Number(g.qty),
    sample_qty: Number(g.sample_qty),
    disuse_qty: Number(g.disuse_qty),
  }));
}

/** Royalty of the company's lines in `currency` created before `start` and not settled yet (carried into the period). */
export async function openingBalance(db: DbOrTx, companyIdx: number, currency: string, start: string, timeZone: string) {
  const [found] = await rows<{ balance: string }>(
    db,
    sql`select coalesce(sum(r.royalty), 0)::text as balance
      from royalty_lines r join copyright_books b on b.idx = r.book_idx and b.company_idx = ${companyIdx}
      where r.company_idx = ${companyIdx} and r.currency = ${currency} and r.buy_invoice_idx is null
        and r.created_at < (${start}::date)::timestamp at time zone ${timeZone}`,
  );
  return found?.balance ?? '0';
}

export interface StatementInvoice {
  code: string;
  royalty: string;
  paid: boolean;
  payment_date: string | null;
}

/** The invoices (of the company) the period's lines were settled on, with the payment that settled each, if any. */
export async function statementInvoices(db: DbOrTx, w: RoyaltyWhere, currency: string) {
  const found = await rows<StatementInvoice>(
    db,
    sql`select inv.code, sum(r.royalty)::text as royalty, inv.buy_payment_idx is not null as paid,
        p.d_date::text as payment_date
      from royalty_lines r
      join copyright_books b on b.idx = r.book_idx and b.company_idx = ${w.companyIdx}
      join buy_invoices inv on inv.idx = r.buy_invoice_idx and inv.company_idx = r.company_idx
      left join buy_payments p on p.idx = inv.buy_payment_idx and p.company_idx = inv.company_idx
      where ${lineConditions(w)} and r.currency = ${currency}
      group by inv.code, inv.buy_payment_idx, p.d_date
      order by inv.code`,
  );
  return found.map((i) => ({ ...i, paid: Boolean(i.paid) }));
}

/** The newest version issued for a company, period and currency. */
export async function latestStatement(db: DbOrTx, companyIdx: number, period: string, currency: string) {
  const [found] = await db
    .select({ version: royaltyStatements.version, digest: royaltyStatements.digest })
    .from(royaltyStatements)
    .where(
      and(eq(royaltyStatements.companyIdx, companyIdx), eq(royaltyStatements.period, period), eq(royaltyStatements.currency, currency)),
    )
    .orderBy(desc(royaltyStatements.version))
    .limit(1);
  return found;
}

export type NewStatement = typeof royaltyStatements.$inferInsert;

/** Inserts an issued statement unless that version exists (another process issued it first): its idx, or null. */
export async function insertStatement(db: DbOrTx, values: NewStatement) {
  const [row] = await db.insert(royaltyStatements).values(values).onConflictDoNothing().returning({ idx: royaltyStatements.idx });
  return row?.idx ?? null;
}

/** A statement as the list reads it: the contract's row but what the service adds; bigints may come as strings. */
export type StatementListRow = Omit<TStatementRow, 'no' | 'payable' | 'rounding' | 'issued_on' | 'pdf' | 'qty' | 'size'> &
  Record<'qty' | 'size', number | string>;

/**
 * The company's statements that `filter` keeps (one currency; periods starting startDate…endDate), newest period
 * first, then by currency, each period's newest version first. A company has a few a period: its
 * (company_idx, period_start, idx) index is enough, the total a count of its rows.
 */
export function statementsPage(db: DbOrTx, companyIdx: number, filter: TStatementsFilter, paging: Paging) {
  const conds = [sql`s.company_idx = ${companyIdx}`];
  if (filter.currency) conds.push(sql`s.currency = ${filter.currency}`);
  if (filter.startDate) conds.push(sql`s.period_start >= ${filter.startDate}::date`);
  if (filter.endDate) conds.push(sql`s.period_start <= ${filter.endDate}::date`);
  const keys = sql`select s.idx, s.period_start, s.currency, s.version from royalty_statements s where ${sql.join(conds, sql` and `)}`;
  return listPage<StatementListRow & { ord: number }>(
    db,
    {
      keys,
      order: sql`k.period_start desc, k.currency, k.version desc, k.idx desc`,
      columns: sql`select page.ord, s.idx, s.number, s.period, s.period_start::text as period_start, s.period_end::text as period_end,
          trim(s.currency) as currency, s.version, s.lang, s.line_count as line_cnt, s.qty, s.opening_balance::text as opening_balance, s.royalty::text as royalty,
          s.settled::text as settled, s.closing_balance::text as closing_balance, s.size,
          ${isoSql('s.issued_at', true)} as issued_at
        from page join royalty_statements s on s.company_idx = ${companyIdx} and s.idx = page.idx`,
    },
    paging,
    () => countRows(db, keys),
  );
}

/** One statement of the company (another company's is not found). */
export async function findStatement(db: DbOrTx, companyIdx: number, idx: number) {
  const [row] = await db
    .select({ number: royaltyStatements.number, storageKey: royaltyStatements.storageKey })
    .from(royaltyStatements)
    .where(and(eq(royaltyStatements.companyIdx, companyIdx), eq(royaltyStatements.idx, idx)))
    .limit(1);
  return row;
}
