import { and, asc, desc, eq, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  fromMinor,
  INVOICE_SORT_DEFAULT,
  INVOICE_UPLOAD_PATH,
  PAYMENT_SORT_DEFAULT,
  parseAmountKeyword,
  toMinor,
  type TBalanceState,
  type TInvoiceFilter,
  type TSettlementFilter,
  type TInvoiceSortKey,
  type TPaymentFilter,
  type TPaymentSortKey,
  type TSort,
} from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { queryRows as rows } from '../../db/raw-query';
import { buyInvoiceLines, buyInvoices, buyPaymentInvoices, buyPayments, companies, currencies, storedFiles } from '../../db/schema';
import { currencyTotalsSql, isoSql as iso, listPage, parseJson, type Paging } from '../../lib/lists';
import { containsText, textMatch } from '../../lib/lists/search';
import { rangeBounds, rangeParts } from '../../lib/lists/ranges';
import type { CountSpec } from '../../lib/lists/counts';
import type { SummarySpec } from '../../lib/lists/summary';
import { orderSql, sortColumns, type SortSpec } from '../../lib/lists/sort';

/**
 * Buy invoices, payments and their files. Every query takes the company of the verified token.
 *
 * The invoice list is ordered by registration day then idx, newest first, and pages through listPage
 * (lib/lists) on buy_invoices_company_day; its total and per-currency totals come from the per-month and
 * per-day summary tables (INVOICE_SUMMARY below), so a filter over a large company reads a few hundred
 * summary rows, not its invoices.
 */

const itemCondition = (col: SQL, items: readonly string[] | null) =>
  items
    ? sql` and ${col} in (${sql.join(
        items.map((i) => sql`${i}`),
        sql`, `,
      )})`
    : sql``;

/**
 * The invoices' summary tables (lib/lists/summary.ts): invoices counted and summed per company,
 * registration day, item and currency. The list's total and the per-currency totals of its filter read them.
 */
export const INVOICE_SUMMARY: SummarySpec = {
  source: 'buy_invoices',
  table: 'buy_invoice',
  day: 'r.created_day',
  dims: [
    { column: 'item', expr: 'r.item' },
    { column: 'currency_idx', expr: 'r.currency_idx' },
  ],
  measures: [{ column: 'amount', expr: 'r.amount' }],
};

/** Unpaid invoices per company (lib/lists/counts.ts): the dashboard's counter (spec §4: unpaid = no payment). */
export const UNPAID_INVOICE_COUNTS: CountSpec = {
  source: 'buy_invoices',
  table: 'unpaid_invoice_counts',
  keys: [{ column: 'company_idx', expr: 'r.company_idx' }],
  where: 'r.buy_payment_idx IS NULL',
};

/**
 * Owed invoices per company, due day, registration day and currency, with their amount (lib/lists/counts.ts; the
 * table owed_invoice_counts): the overdue filter's count and totals and the dashboard's overdue counter sum its due
 * days before today (overdueCountSql). `where` is overdueSql's condition without the day.
 */
export const OWED_INVOICE_COUNTS: CountSpec = {
  source: 'buy_invoices',
  table: 'owed_invoice_counts',
  keys: [
    { column: 'company_idx', expr: 'r.company_idx' },
    { column: 'due_date', expr: 'r.due_date' },
    { column: 'created_day', expr: 'r.created_day' },
    { column: 'currency_idx', expr: 'r.currency_idx' },
  ],
  where: 'r.buy_payment_idx IS NULL AND r.amount > r.paid_amount',
  measures: [{ column: 'amount', expr: 'r.amount' }],
  triggers: 'owed_counts',
};

export interface InvoiceRowDb {
  idx: number;
  code: string;
  title: string;
  issuer: string;
  state: string;
  item: string;
  amount: string;
  currency_icon: string;
  currency_name: string;
  created_at: string;
  due_date: string;
  buy_payment_idx: number | null;
  paid_amount: string;
  /** overdueSql of the row against the business day */
  overdue: boolean;
}

/**
 * Overdue (issues 55, 59), the one definition: the list's marker, its filter, the export, the PDF and the
 * dashboard's counter all read it. Something is owed (no payment settled the invoice in full and its amount
 * exceeds what was paid) and the due date is before `today` (YYYY-MM-DD, the business day): overdue from the
 * day after the due date. The partial index buy_invoices_company_overdue holds the owed invoices by due date.
 */
export const overdueSql = (alias: string, today: string) => {
  const i = sql.raw(alias);
  return sql`(${i}.buy_payment_idx is null and ${i}.amount > ${i}.paid_amount and ${i}.due_date < ${today}::date)`;
};

/** (addition) An invoice's balance as the lists, the detail, the exports and the PDF show it. */
export interface InvoiceBalance {
  paid_amount: string;
  outstanding_amount: string;
  balance_state: TBalanceState;
  overdue: boolean;
}

/**
 * An invoice's balance from its amount, what the payments covering it settled (paid_amount, kept from
 * buy_payment_invoices by the trigger buy_invoice_balances) and the payment that settled it in full: paid
 * once that payment is there, partially paid while something is settled and something owed, unpaid before.
 * `overdue` as the row's SQL read it (overdueSql).
 */
export function balanceOf(r: { amount: string; paid_amount: string; buy_payment_idx: number | null; overdue: boolean }): InvoiceBalance {
  const owed = toMinor(r.amount) - toMinor(r.paid_amount);
  const balance_state = r.buy_payment_idx !== null ? 'paid' : toMinor(r.paid_amount) !== 0n ? 'partial' : 'unpaid';
  return { paid_amount: fromMinor(toMinor(r.paid_amount)), outstanding_amount: fromMinor(owed), balance_state, overdue: r.overdue };
}

export interface InvoiceTotalDb {
  currency: string;
  currency_icon: string;
  cnt: number;
  amount: string;
}

/** The count and per-currency totals of rows (currency_idx, cnt, amount): invoices, payments or their summary rows. */
async function sumsOf(db: DbOrTx, parts: SQL[]) {
  const [found] = await rows<{ totals: unknown }>(db, sql`select ${currencyTotalsSql(sql.join(parts, sql` union all `))} as totals`);
  const totals = parseJson<InvoiceTotalDb[]>(found?.totals ?? []);
  return { total: totals.reduce((n, t) => n + Number(t.cnt), 0), totals };
}

/**
 * The invoice list's conditions on `i` (buy_invoices): the company, the registration day's range, the items, and
 * (issue 59) only the overdue ones against `today`, and the keyword in the code or title (on buy_invoices_text_grams;
 * `keyword: 'row'`: the ilike alone, a search walk's row test, which the caller asks for apart).
 */
const invoiceConditions = (companyIdx: number, filter: TInvoiceFilter, items: readonly string[] | null, today: string) =>
  sql`i.company_idx = ${companyIdx}${filter.startDate ? sql` and i.created_day >= ${filter.startDate}::date` : sql``}${
    filter.endDate ? sql` and i.created_day <= ${filter.endDate}::date` : sql``
  }${itemCondition(sql.raw('i.item'), items)}${filter.overdue ? sql` and ${overdueSql('i', today)}` : sql``}${
    filter.keyword ? sql` and ${invoiceKeyword(companyIdx, filter.keyword)}` : sql``
  }`;

const INVOICE_TEXT = [sql`i.code`, sql`i.title`];
/** The code or the title contains the keyword, ignoring case (`rowTest`: the ilike alone, for a search walk). */
const invoiceKeyword = (companyIdx: number, keyword: string, rowTest = false) =>
  rowTest
    ? textMatch(INVOICE_TEXT, keyword)
    : containsText(
        { name: 'buy_invoices_text_grams', owner: sql`i.company_idx`, text: sql`(i.code || ' ' || i.title)` },
        companyIdx,
        INVOICE_TEXT,
        keyword,
      );

/** Whether a filter is answered by the summary tables (date range and items only) or by the matching rows. */
export const invoiceFilterOnRows = (f: TInvoiceFilter) => Boolean(f.keyword || f.overdue);

/**
 * A filter's count and per-currency totals, for the list and its export alike: by the summary tables, the overdue
 * filter (with or without a day range) by the owed invoices' counts, or over its rows (a keyword; overdue with items).
 */
export const invoiceSums = (db: DbOrTx, companyIdx: number, filter: TInvoiceFilter, items: readonly string[] | null, today: string) =>
  filter.overdue && !filter.keyword && !items
    ? overdueSums(db, companyIdx, filter, today)
    : invoiceFilterSums(db, companyIdx, filter, items, today);

/**
 * The overdue invoices of the company as rows (currency_idx, cnt, amount) of owed_invoice_counts (OWED_INVOICE_COUNTS):
 * the due days before `today`, registered within the range if one is given. The overdue filter's sums and the
 * dashboard's overdue counter read it, so they agree with each other and with overdueSql.
 */
export const overdueCountsSql = (companyIdx: number, today: string, range: TSettlementFilter = {}) =>
  sql`select o.currency_idx, o.cnt, o.amount from owed_invoice_counts o
    where o.company_idx = ${companyIdx} and o.due_date < ${today}::date${range.startDate ? sql` and o.created_day >= ${range.startDate}::date` : sql``}${
      range.endDate ? sql` and o.created_day <= ${range.endDate}::date` : sql``
    }`;

async function overdueSums(db: DbOrTx, companyIdx: number, filter: TSettlementFilter, today: string) {
  const [found] = await rows<{ totals: unknown }>(
    db,
    sql`select ${currencyTotalsSql(overdueCountsSql(companyIdx, today, filter))} as totals`,
  );
  const totals = parseJson<InvoiceTotalDb[]>(found?.totals ?? []);
  return { total: totals.reduce((n, t) => n + Number(t.cnt), 0), totals };
}

/**
 * What the invoice list's filter adds up to, its total and per-currency totals, for the list and its export alike. A
 * keyword or the overdue filter is summed over its rows (the summary tables know neither: the overdue ones are read
 * through buy_invoices_company_overdue, a keyword's through the gram index); a day range and items from the summary
 * tables only (lib/lists/ranges.ts: whole months from the month sums, the range's other days from the day sums; the
 * registration day is a date, so the range read in UTC has no partial days and no invoice row is read).
 */
export async function invoiceFilterSums(
  db: DbOrTx,
  companyIdx: number,
  filter: TInvoiceFilter,
  items: readonly string[] | null,
  today: string,
) {
  const invoiceRows = (where: SQL) => sql`select i.currency_idx, 1 as cnt, i.amount from buy_invoices i where ${where}`;
  if (invoiceFilterOnRows(filter)) return sumsOf(db, [invoiceRows(invoiceConditions(companyIdx, filter, items, today))]);
  const parts = rangeParts(await rangeBounds(db, filter.startDate, filter.endDate, 'UTC'), {
    table: 'buy_invoice',
    columns: sql`s.currency_idx, s.cnt, s.amount`,
    where: sql`s.company_idx = ${companyIdx}${itemCondition(sql.raw('s.item'), items)}`,
    at: sql`i.created_day`,
    // each invoice as a summary row of one (never asked in UTC; kept so that the reading stays whole)
    rows: (instants) => invoiceRows(sql`i.company_idx = ${companyIdx}${itemCondition(sql.raw('i.item'), items)} and ${instants}`),
  });
  return sumsOf(db, parts);
}

/**
 * An invoice's payment status as a rank (unpaid 0, partial 1, paid 2; balanceOf's rule), written exactly as the
 * expression of the index buy_invoices_company_balance so that the index serves the order.
 */
export const BALANCE_RANK_SQL = (i: string) =>
  sql.raw(`(case when ${i}.buy_payment_idx is not null then 2 when ${i}.paid_amount <> 0 then 1 else 0 end)`);

/**
 * The invoice list's orders (issue 59), each served by an index led by the company and ending on the list's filter
 * columns (created_day, item), so a filter is checked in the index: created_day buy_invoices_company_day, code
 * buy_invoices_company_code, due_date buy_invoices_company_due, amount buy_invoices_company_amount,
 * balance_state (then registration day) buy_invoices_company_balance.
 */
export const INVOICE_SORT: SortSpec<TInvoiceSortKey> = {
  keys: {
    created_at: ['created_day'],
    code: ['code'],
    due_date: ['due_date'],
    amount: ['amount'],
    balance_state: ['balance_rank', 'created_day'],
  },
  unique: ['idx'],
  default: INVOICE_SORT_DEFAULT,
};

/** The keys query's columns of an invoice order beside idx and created_day (the columns join reads those). */
const invoiceSortSelect = (sort: TSort<TInvoiceSortKey>) =>
  sql.join(
    sortColumns(INVOICE_SORT, sort)
      .filter((c) => c !== 'created_day')
      .map((c) => (c === 'balance_rank' ? sql`${BALANCE_RANK_SQL('i')} as balance_rank` : sql.raw(`i.${c}`))),
    sql`, `,
  );

/**
 * A page of invoices through listPage, newest registration day first unless another order is asked: the keys walk
 * the order's index (INVOICE_SORT; the day range and the items are checked in the index), the shown columns are read
 * for the page's rows only. `count` answers the total when the page cannot tell it (the summary tables, or the
 * matching rows' sums). A keyword is a text search (lib/lists/search.ts: the list's first rows walked in its order,
 * then the gram index). The overdue filter, or another order than the day's with a day range or items, is counted
 * first and its few matches sorted, or its many found walking the order's index (listPage fewFirst).
 */
/** Overdue matches up to this many are read and sorted (listPage fewFirst, its FEW_ROWS); more are walked in the order. */
const OVERDUE_FEW = 2_000;

export async function invoicePage(
  db: DbOrTx,
  companyIdx: number,
  filter: TInvoiceFilter,
  items: readonly string[] | null,
  today: string,
  paging: Paging,
  count: () => Promise<number>,
  sort: TSort<TInvoiceSortKey> = INVOICE_SORT_DEFAULT,
) {
  const { keyword, ...others } = filter;
  const extra = invoiceSortSelect(sort);
  const select = sql`select i.idx, i.created_day${sortColumns(INVOICE_SORT, sort).some((c) => c !== 'created_day') ? sql`, ${extra}` : sql``}`;
  const filtered = !!(filter.startDate || filter.endDate || items);
  const byDay = sort.key === 'created_at';
  // the overdue filter counted first (owed_invoice_counts: cheap); many matches are found by the page's own statement
  // walking the order's index, few through fewFirst: its walk, fenced under the page's ORDER BY, is planned for every
  // row and sorted all of the company's invoices (2,009,974 rows at 1M, lists bench 2026-12-07)
  const manyOverdue = !!filter.overdue && !keyword && (await count()) > OVERDUE_FEW;
  const {
    rows: page,
    total,
    atLeast,
  } = await listPage<InvoiceRowDb & { ord: number }>(
    db,
    {
      keys: sql`${select} from buy_invoices i where ${invoiceConditions(companyIdx, filter, items, today)}`,
      order: orderSql(INVOICE_SORT, sort),
      fewFirst:
        keyword || manyOverdue
          ? undefined
          : filter.overdue
            ? {
                walk: sql`${select}, ${overdueSql('i', today)} as hit from buy_invoices i
                where ${invoiceConditions(companyIdx, { ...others, overdue: false }, items, today)}`,
              }
            : filtered && !byDay
              ? {
                  walk: sql`${select}, (${invoiceConditions(companyIdx, filter, items, today)}) as hit from buy_invoices i where i.company_idx = ${companyIdx}`,
                }
              : undefined,
      columns: sql`select page.ord, i.idx, i.code, i.title, i.issuer, i.state, i.item, i.amount::text as amount,
          c.icon as currency_icon, c.name as currency_name, ${iso('i.created_at')} as created_at,
          i.due_date::text as due_date, i.buy_payment_idx, i.paid_amount::text as paid_amount, ${overdueSql('i', today)} as overdue
        from page join buy_invoices i on i.company_idx = ${companyIdx} and i.created_day = page.created_day and i.idx = page.idx
          join currencies c on c.idx = i.currency_idx`,
    },
    paging,
    count,
    keyword
      ? {
          keys: sql`${select}, ${invoiceKeyword(companyIdx, keyword, true)} as hit
            from buy_invoices i where ${invoiceConditions(companyIdx, others, items, today)}`,
        }
      : undefined,
  );
  return { total, atLeast, rows: page as InvoiceRowDb[] };
}

/** One invoice of the company with the list's fields and its approval number, or undefined (another company's too). */
export async function findInvoice(db: DbOrTx, companyIdx: number, invoiceIdx: number, today: string) {
  const [row] = await rows<InvoiceRowDb & { approval_number: string | null }>(
    db,
    sql`select i.idx, i.code, i.title, i.issuer, i.state, i.item, i.amount::text as amount,
          c.icon as currency_icon, c.name as currency_name, ${iso('i.created_at')} as created_at,
          i.due_date::text as due_date, i.buy_payment_idx, i.paid_amount::text as paid_amount, ${overdueSql('i', today)} as overdue,
          i.approval_number
        from buy_invoices i join currencies c on c.idx = i.currency_idx
        where i.idx = ${invoiceIdx} and i.company_idx = ${companyIdx}`,
  );
  return row;
}

/** The lines of an invoice, in line order (the caller checked the invoice is the company's). */
export const invoiceLines = (db: DbOrTx, invoiceIdx: number) =>
  rows<{
    line_no: number;
    description: string;
    qty: number;
    unit_price: string;
    supply_amount: string;
    vat_amount: string;
    vat_exempt: boolean;
    amount: string;
  }>(
    db,
    sql`select l.line_no, l.description, l.qty, l.unit_price::text as unit_price, l.supply_amount::text as supply_amount,
          l.vat_amount::text as vat_amount, l.vat_exempt, l.amount::text as amount
        from buy_invoice_lines l where l.buy_invoice_idx = ${invoiceIdx}
        order by l.line_no, l.idx`,
  );

/**
 * The payment list's conditions on `p`: the company, the deposit day's range, the covered invoices' items and
 * (issue 59) the keyword: the depositor's name contains it, or it reads as an amount that the payment's equals.
 */
const paymentConditions = (companyIdx: number, filter: TPaymentFilter, items: readonly string[] | null) => {
  const parts = [sql`p.company_idx = ${companyIdx}`];
  if (filter.keyword) parts.push(paymentKeyword(companyIdx, filter.keyword));
  if (filter.startDate) parts.push(sql`p.d_date >= ${filter.startDate}::date`);
  if (filter.endDate) parts.push(sql`p.d_date <= ${filter.endDate}::date`);
  if (items)
    parts.push(
      sql`exists (select 1 from buy_payment_invoices pi join buy_invoices i on i.idx = pi.buy_invoice_idx
                  where pi.buy_payment_idx = p.idx${itemCondition(sql.raw('i.item'), items)})`,
    );
  return sql.join(parts, sql` and `);
};

/** The depositor's name's gram index (lib/lists/search.ts). */
const PAYMENT_NAME_GRAMS = { name: 'buy_payments_name_grams', owner: sql`p.company_idx`, text: sql`p.d_name` };

/**
 * The payments matching the list's filter, each as `select …` (columns of `p`, idx among them): with a keyword that
 * reads as an amount, the name's matches (gram index) and the amount's (buy_payments_company_amount, which carries the
 * deposit day and currency: read index-only) as two selects joined by `union`; one `or` in a where clause made
 * PostgreSQL fetch every match from the table (bitmap scans read no index alone): 550 buffers for the 1,100 payments of
 * one amount at 1M against 78 for one at 10k in the lists bench.
 */
function paymentMatches(select: SQL, companyIdx: number, filter: TPaymentFilter, items: readonly string[] | null) {
  const amount = filter.keyword ? parseAmountKeyword(filter.keyword) : null;
  if (amount === null) return sql`${select} from buy_payments p where ${paymentConditions(companyIdx, filter, items)}`;
  const { keyword, ...others } = filter;
  const where = paymentConditions(companyIdx, others, items);
  const name = containsText(PAYMENT_NAME_GRAMS, companyIdx, [sql`p.d_name`], keyword!);
  return sql`${select} from buy_payments p where ${where} and ${name}
    union ${select} from buy_payments p where ${where} and p.d_payment = ${amount}::numeric`;
}

/**
 * A payment's keyword: the depositor's name contains it, ignoring case (buy_payments_name_grams), or it reads as
 * an amount (parseAmountKeyword: thousands separators of any of the five languages, at most 2 decimals) and the
 * payment's amount equals it exactly (buy_payments_company_amount). `rowTest`: without the gram index, for a walk.
 */
function paymentKeyword(companyIdx: number, keyword: string, rowTest = false) {
  const name = rowTest ? textMatch([sql`p.d_name`], keyword) : containsText(PAYMENT_NAME_GRAMS, companyIdx, [sql`p.d_name`], keyword);
  const amount = parseAmountKeyword(keyword);
  return amount === null ? name : sql`(${name} or p.d_payment = ${amount}::numeric)`;
}

export interface PaymentRowDb {
  idx: number;
  d_name: string;
  d_payment: string;
  currency_icon: string;
  currency_name: string;
  d_date: string;
  d_type: string;
  employee_name: string;
  created_at: string;
}

/**
 * The payments' summary tables (lib/lists/summary.ts): payments counted and summed per company,
 * deposit day and currency.
 */
export const PAYMENT_SUMMARY: SummarySpec = {
  source: 'buy_payments',
  table: 'buy_payment',
  day: 'r.d_date',
  dims: [{ column: 'currency_idx', expr: 'r.currency_idx' }],
  measures: [{ column: 'amount', expr: 'r.d_payment' }],
};

/**
 * What the payment list's filter adds up to, its total and per-currency totals (count and exact sum of the
 * deposits, as the invoice list's): from the payment summary tables (whole months and whole days of the
 * date range; the deposit day is a date, so the range has no partial days, lib/lists/ranges.ts). A filter
 * on the covered invoices' items sums the payments themselves (an item is not a key of a payment: it is an
 * exists over the invoices a payment covered).
 */
export async function paymentFilterSums(db: DbOrTx, companyIdx: number, filter: TPaymentFilter, items: readonly string[] | null) {
  const paymentRows = (where: SQL) => sql`select p.currency_idx, 1 as cnt, p.d_payment as amount from buy_payments p where ${where}`;
  const parts =
    items || filter.keyword
      ? [
          sql`select m.currency_idx, 1 as cnt, m.d_payment as amount
            from (${paymentMatches(sql`select p.idx, p.currency_idx, p.d_payment`, companyIdx, filter, items)}) m`,
        ]
      : rangeParts(await rangeBounds(db, filter.startDate, filter.endDate, 'UTC'), {
          table: 'buy_payment',
          columns: sql`s.currency_idx, s.cnt, s.amount`,
          where: sql`s.company_idx = ${companyIdx}`,
          at: sql`p.d_date`,
          rows: (instants) => paymentRows(sql`p.company_idx = ${companyIdx} and ${instants}`),
        });
  return sumsOf(db, parts);
}

/**
 * The payment list's orders (issue 59): deposit date (buy_payments_company_date) and amount
 * (buy_payments_company_amount, carrying the deposit date so that a date range is checked in the index).
 */
export const PAYMENT_SORT: SortSpec<TPaymentSortKey> = {
  keys: { d_date: ['d_date'], d_payment: ['d_payment'] },
  unique: ['idx'],
  default: PAYMENT_SORT_DEFAULT,
};

/**
 * Payments, newest deposit first unless another order is asked, with the total of the same filter: the page's keys
 * walk the order's index (PAYMENT_SORT), the shown columns are read for those rows only, and the total comes from the
 * payment summary tables unless the page shows it (lib/lists). The amount order with a date range counts first and
 * sorts the few matches, or walks its index (fewFirst).
 */
export async function paymentPage(
  db: DbOrTx,
  companyIdx: number,
  filter: TPaymentFilter,
  items: readonly string[] | null,
  paging: Paging,
  count: () => Promise<number>,
  sort: TSort<TPaymentSortKey> = PAYMENT_SORT_DEFAULT,
) {
  const { keyword, ...others } = filter;
  const select = sql.raw(`select p.idx, p.d_date${sort.key === 'd_payment' ? ', p.d_payment' : ''}`);
  const keys = paymentMatches(select, companyIdx, filter, items);
  const ranged = !!(filter.startDate || filter.endDate);
  const {
    rows: page,
    total,
    atLeast,
  } = await listPage<PaymentRowDb & { ord: number }>(
    db,
    {
      keys,
      order: orderSql(PAYMENT_SORT, sort),
      // the item filter is counted on the rows (paymentCount): no cheap count to decide by, the order's index is walked
      fewFirst:
        ranged && !items && !keyword && sort.key !== 'd_date'
          ? {
              walk: sql`${select}, (${paymentConditions(companyIdx, filter, null)}) as hit from buy_payments p where p.company_idx = ${companyIdx}`,
            }
          : undefined,
      columns: sql`select page.ord, p.idx, p.d_name, p.d_payment::text as d_payment, c.icon as currency_icon, c.name as currency_name,
          p.d_date::text as d_date, p.d_type, p.employee_name, ${iso('p.created_at')} as created_at
        from page join buy_payments p on p.company_idx = ${companyIdx} and p.d_date = page.d_date and p.idx = page.idx join currencies c on c.idx = p.currency_idx`,
    },
    paging,
    count,
    keyword
      ? {
          keys: sql`${select}, ${paymentKeyword(companyIdx, keyword, true)} as hit
            from buy_payments p where ${paymentConditions(companyIdx, others, items)}`,
        }
      : undefined,
  );
  return { total, atLeast, rows: page as PaymentRowDb[] };
}

export interface PaymentDetailDb {
  idx: number;
  d_name: string;
  d_date: string;
  currency_idx: number;
  currency_icon: string;
  currency_name: string;
  d_payment: string;
  d_type: string;
  d_type_info: string;
  d_comment: string;
  employee_name: string;
  created_at: string;
}

export async function findPayment(db: DbOrTx, companyIdx: number, paymentIdx: number) {
  const [row] = await rows<PaymentDetailDb>(
    db,
    sql`select p.idx, p.d_name, p.d_date::text as d_date, p.currency_idx, c.icon as currency_icon, c.name as currency_name,
          p.d_payment::text as d_payment, p.d_type, p.d_type_info, p.d_comment, p.employee_name,
          ${iso('p.created_at')} as created_at
        from buy_payments p join currencies c on c.idx = p.currency_idx
        where p.idx = ${paymentIdx} and p.company_idx = ${companyIdx}`,
  );
  return row;
}

export const paymentInvoices = (db: DbOrTx, companyIdx: number, paymentIdx: number) =>
  rows<{
    idx: number;
    code: string;
    title: string;
    amount: string;
    covered_amount: string;
    adjustment: string;
    adjustment_reason: string;
    outstanding_amount: string;
    currency_icon: string;
    currency_name: string;
    created_day: string;
    due_day: string;
  }>(
    db,
    sql`select i.idx, i.code, i.title, i.amount::text as amount, pi.amount::text as covered_amount, pi.adjustment::text as adjustment,
          pi.adjustment_reason, (i.amount - i.paid_amount)::text as outstanding_amount, c.icon as currency_icon, c.name as currency_name,
          i.created_day::text as created_day, i.due_date::text as due_day
        from buy_payment_invoices pi
          join buy_payments p on p.idx = pi.buy_payment_idx
          join buy_invoices i on i.idx = pi.buy_invoice_idx
          join currencies c on c.idx = i.currency_idx
        where pi.buy_payment_idx = ${paymentIdx} and p.company_idx = ${companyIdx} and i.company_idx = ${companyIdx}
        order by i.created_day, i.idx`,
  );

/** Stored files of one owner (e.g. a payment's attachments). */
export const listFiles = (db: DbOrTx, uploadPath: string, companyIdx: number, refIdx: number) =>
  db
    .select({ idx: storedFiles.idx, name: storedFiles.name, extension: storedFiles.extension, size: storedFiles.size })
    .from(storedFiles)
    .where(and(eq(storedFiles.uploadPath, uploadPath), eq(storedFiles.companyIdx, companyIdx), eq(storedFiles.refIdx, refIdx)))
    .orderBy(asc(storedFiles.idx));

export async function findFile(
  db: DbOrTx,
  where: { uploadPath: string; companyIdx: number; refIdx?: number; name: string; extension: string },
) {
  const conds = [
    eq(storedFiles.uploadPath, where.uploadPath),
    eq(storedFiles.companyIdx, where.companyIdx),
    eq(storedFiles.name, where.name),
    eq(storedFiles.extension, where.extension),
  ];
  if (where.refIdx !== undefined) conds.push(eq(storedFiles.refIdx, where.refIdx));
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(...conds))
    .orderBy(desc(storedFiles.createdAt), desc(storedFiles.idx))
    .limit(1);
  return row;
}

/** Inserts a stored file unless its unique key (one PDF per invoice) is taken; false when it was. */
export async function insertFileOnce(db: DbOrTx, values: typeof storedFiles.$inferInsert): Promise<boolean> {
  const rows = await db.insert(storedFiles).values(values).onConflictDoNothing().returning({ idx: storedFiles.idx });
  return rows.length > 0;
}

const invoicePdfOf = (companyIdx: number, invoiceIdx: number) =>
  and(eq(storedFiles.uploadPath, INVOICE_UPLOAD_PATH), eq(storedFiles.companyIdx, companyIdx), eq(storedFiles.refIdx, invoiceIdx));

/** The stored PDF of an invoice (at most one: unique key stored_files_one_invoice_pdf). */
export async function findInvoicePdf(db: DbOrTx, companyIdx: number, invoiceIdx: number) {
  const [row] = await db.select().from(storedFiles).where(invoicePdfOf(companyIdx, invoiceIdx)).limit(1);
  return row;
}

/** Removes an invoice's PDF made before the invoice last changed (or under another code); returns the storage keys. */
export const deleteStaleInvoicePdfs = (db: DbOrTx, companyIdx: number, invoiceIdx: number, code: string, changedAt: Date) =>
  db
    .delete(storedFiles)
    .where(and(invoicePdfOf(companyIdx, invoiceIdx), or(lt(storedFiles.createdAt, changedAt), ne(storedFiles.name, code))))
    .returning({ storageKey: storedFiles.storageKey });

/** A new invoice as its mail names it (settlement.mail.ts). */
export async function invoiceForMail(db: DbOrTx, invoiceIdx: number) {
  const [inv] = await db
    .select({
      companyIdx: buyInvoices.companyIdx,
      code: buyInvoices.code,
      amount: buyInvoices.amount,
      due: buyInvoices.dueDate,
      currency: currencies.name,
    })
    .from(buyInvoices)
    .innerJoin(currencies, eq(currencies.idx, buyInvoices.currencyIdx))
    .where(eq(buyInvoices.idx, invoiceIdx));
  return inv;
}

/** A payment as its mail names it: amount, day, currency and the codes of the invoices it covered (settlement.mail.ts). */
export async function paymentForMail(db: DbOrTx, paymentIdx: number) {
  const [pay] = await db
    .select({ companyIdx: buyPayments.companyIdx, amount: buyPayments.dPayment, day: buyPayments.dDate, currency: currencies.name })
    .from(buyPayments)
    .innerJoin(currencies, eq(currencies.idx, buyPayments.currencyIdx))
    .where(eq(buyPayments.idx, paymentIdx));
  if (!pay) return undefined;
  const covered = await db
    .select({ code: buyInvoices.code })
    .from(buyPaymentInvoices)
    .innerJoin(buyInvoices, eq(buyInvoices.idx, buyPaymentInvoices.buyInvoiceIdx))
    .where(and(eq(buyPaymentInvoices.buyPaymentIdx, paymentIdx), eq(buyInvoices.companyIdx, pay.companyIdx)))
    .orderBy(buyInvoices.code);
  return { ...pay, invoices: covered.map((r) => r.code) };
}

/** Everything an invoice PDF shows: the invoice, its recipient, lines with supply value and VAT. */
export async function invoiceForPdf(db: DbOrTx, companyIdx: number, code: string) {
  const [inv] = await db
    .select({
      idx: buyInvoices.idx,
      code: buyInvoices.code,
      title: buyInvoices.title,
      issuer: buyInvoices.issuer,
      state: buyInvoices.state,
      item: buyInvoices.item,
      amount: buyInvoices.amount,
      createdDay: buyInvoices.createdDay,
      dueDate: buyInvoices.dueDate,
      buyPaymentIdx: buyInvoices.buyPaymentIdx,
      paymentDate: buyPayments.dDate,
      updatedAt: buyInvoices.updatedAt,
      currencyName: currencies.name,
      currencyIcon: currencies.icon,
      approvalNumber: buyInvoices.approvalNumber,
      companyName: companies.companyName,
      companyCountry: companies.country,
      registrationNumber: companies.registrationNumber,
      representativeFirst: companies.firstName,
      representativeLast: companies.lastName,
      zipcode: companies.zipcode,
      addressLine1: companies.addressLine1,
      addressLine2: companies.addressLine2,
      city: companies.city,
      region: companies.state,
      businessConditions: companies.businessConditions,
      businessItem: companies.item,
      // what the payments covering it settled, adjustments included (the lists' paid_amount, kept by its trigger)
      paid: buyInvoices.paidAmount,
    })
    .from(buyInvoices)
    .innerJoin(currencies, eq(currencies.idx, buyInvoices.currencyIdx))
    .innerJoin(companies, eq(companies.idx, buyInvoices.companyIdx))
    .leftJoin(buyPayments, and(eq(buyPayments.idx, buyInvoices.buyPaymentIdx), eq(buyPayments.companyIdx, buyInvoices.companyIdx)))
    .where(and(eq(buyInvoices.companyIdx, companyIdx), eq(buyInvoices.code, code)))
    .limit(1);
  if (!inv) return undefined;
  const lines = await db
    .select({
      lineNo: buyInvoiceLines.lineNo,
      description: buyInvoiceLines.description,
      qty: buyInvoiceLines.qty,
      unitPrice: buyInvoiceLines.unitPrice,
      amount: buyInvoiceLines.amount,
      supplyAmount: buyInvoiceLines.supplyAmount,
      vatAmount: buyInvoiceLines.vatAmount,
      vatExempt: buyInvoiceLines.vatExempt,
    })
    .from(buyInvoiceLines)
    .where(eq(buyInvoiceLines.buyInvoiceIdx, inv.idx))
    .orderBy(asc(buyInvoiceLines.lineNo));
  return { ...inv, lines };
}
export type InvoiceForPdf = NonNullable<Awaited<ReturnType<typeof invoiceForPdf>>>;

// ── exports: one statement each in the list's order, through the list's index (lib/export runs it) ──
/** Where the previous batch of an export ended (PGlite reads in keyset batches): the list's sort key of its last row. */
export interface ExportKey {
  day: string;
  idx: number;
}

export interface InvoiceExportDb {
  idx: number;
  sort_day: string;
  code: string;
  title: string;
  issuer: string;
  state: string;
  item: string;
  amount: string;
  currency_name: string;
  /** the registration day (an import gives the day only: its time would be invented) */
  created_day: string;
  due_date: string;
  payment_state: 'Y' | 'N';
  buy_payment_idx: number | null;
  paid_amount: string;
  overdue: boolean;
}

/**
 * The invoice export: the list's filter and order (registration day newest first, then idx), after
 * `after`, at most `limit`, walking buy_invoices_company_day backwards, so a one-month filter reads that month only.
 */
export function invoiceExportSql(
  companyIdx: number,
  filter: TInvoiceFilter,
  items: readonly string[] | null,
  today: string,
  after: ExportKey | null,
  limit: number | null,
) {
  return sql`select i.idx, i.created_day::text as sort_day, i.code, i.title, i.issuer, i.state, i.item, i.amount::text as amount,
          c.name as currency_name, i.created_day::text as created_day,
          i.due_date::text as due_date, case when i.buy_payment_idx is null then 'N' else 'Y' end as payment_state,
          i.buy_payment_idx, i.paid_amount::text as paid_amount, ${overdueSql('i', today)} as overdue
        from buy_invoices i join currencies c on c.idx = i.currency_idx
        where ${invoiceConditions(companyIdx, filter, items, today)}${
          after ? sql` and (i.created_day, i.idx) < (${after.day}::date, ${after.idx}::int)` : sql``
        }
        order by i.created_day desc, i.idx desc${limit === null ? sql`` : sql` limit ${limit}`}`;
}

export interface PaymentExportDb {
  idx: number;
  d_name: string;
  d_payment: string;
  currency_name: string;
  d_date: string;
  d_type: string;
  employee_name: string;
}

/** The payment export: the list's filter and order (deposit date newest first, then idx), through buy_payments_company_date. */
export function paymentExportSql(
  companyIdx: number,
  filter: TPaymentFilter,
  items: readonly string[] | null,
  after: ExportKey | null,
  limit: number | null,
) {
  return sql`select p.idx, p.d_name, p.d_payment::text as d_payment, c.name as currency_name, p.d_date::text as d_date, p.d_type, p.employee_name
        from buy_payments p join currencies c on c.idx = p.currency_idx
        where ${paymentConditions(companyIdx, filter, items)}${after ? sql` and (p.d_date, p.idx) < (${after.day}::date, ${after.idx}::int)` : sql``}
        order by p.d_date desc, p.idx desc${limit === null ? sql`` : sql` limit ${limit}`}`;
}

/** Symbol and minor unit of every currency (₩ 0, $ 2, ¥ 0, …: the currencies table), for the money formats of the export sheets. */
export async function exportCurrencies(
  db: DbOrTx,
): Promise<{ currencies: Record<string, string>; currencyDecimals: Record<string, number> }> {
  const found = await rows<{ name: string; icon: string; minor_unit: number }>(db, sql`select name, icon, minor_unit from currencies`);
  return {
    currencies: Object.fromEntries(found.map((c) => [c.name.trim(), c.icon])),
    currencyDecimals: Object.fromEntries(found.map((c) => [c.name.trim(), Number(c.minor_unit)])),
  };
}
