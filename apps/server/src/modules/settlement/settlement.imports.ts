/**
 * The operator's imports of the settlement domain (issue 15): `invoices` (one row per invoice line)
 * and `payments` (one row per payment and invoice it covers, with attachments from a zip). The rules
 * are the domain's (spec §3/§4: items, issuers, states, payment types; an invoice is paid when a
 * payment covers it); lib/imports reads, validates and batches; the SQL is in settlement-imports.repository.ts.
 */
import {
  AMOUNT_LIMIT_HUNDREDTHS,
  AMOUNT_LIMIT_TEXT,
  amountProblem,
  fromMinor,
  INVOICE_ITEMS,
  INVOICE_STATES,
  isCurrencyCode,
  ISSUERS,
  minorUnitOf,
  normalizeMoney,
  PAYMENT_TYPES,
  toMinor,
  vatOf,
} from '@portal/contract';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { storeInTransaction } from '../../lib/file-store';
import {
  currencyCode as currency,
  date as day,
  decimalAmount,
  instantOf,
  requiredText as required,
  text,
  yn,
} from '../../lib/imports/columns';
import type { ImportColumn, ImportEnv, ImportKind, ImportRecord, RowIssue, WriteCounts } from '../../lib/imports/run';
import { notifyInvoiceNew, notifyPaymentRegistered } from './settlement.mail';
import { PAYMENT_NS, splitFileName } from './settlement.service';
import * as repo from './settlement-imports.repository';

/** The canonical spelling of a code whatever its case ('oncredit' → 'onCredit'), or undefined. */
const canonical = (values: readonly string[], v: string) => values.find((c) => c.toLowerCase() === v.toLowerCase());
const oneOf = (row: number, column: string, values: readonly string[]): RowIssue => ({
  row,
  column,
  message: { key: 'oneOf', params: { values: values.join(', ') } },
});

/** Rows after the first of a record must repeat its record-level columns. */
function sameAsFirst<T extends Record<string, unknown>>(record: ImportRecord<T>, columns: readonly (keyof T & string)[]): RowIssue[] {
  const first = record.values[0]!;
  const out: RowIssue[] = [];
  record.values.slice(1).forEach((v, i) => {
    for (const c of columns)
      if ((v[c] ?? '') !== (first[c] ?? ''))
        out.push({
          row: record.rows[i + 1]!,
          column: c,
          message: { key: 'notSameAsFirst', params: { other: record.rows[0]!, value: String(first[c] ?? '') } },
        });
  });
  return out;
}

const keyOf = (companyIdx: number, code: string) => `${companyIdx}/${code}`;

const limitIssue = (row: number, column: string): RowIssue => ({
  row,
  column,
  message: { key: 'amountLimit', params: { limit: AMOUNT_LIMIT_TEXT } },
});
const beyondLimit = (h: bigint) => (h < 0n ? -h : h) >= AMOUNT_LIMIT_HUNDREDTHS;

/**
 * Why an amount cell is not an amount of the row's currency (whole minor units, within the limit: the
 * contract's amountProblem), as a report issue naming the currency's rule; null when it is one.
 */
function amountIssue(row: number, column: string, value: string | undefined, currencyCode: string): RowIssue | null {
  if (value === undefined) return null;
  const problem = amountProblem(value, currencyCode);
  if (problem === null) return null;
  if (problem === 'format') return { row, column, message: { key: 'money' } };
  if (problem === 'limit') return limitIssue(row, column);
  const decimals = minorUnitOf(currencyCode);
  return {
    row,
    column,
    message:
      decimals === 0
        ? { key: 'wholeUnits', params: { currency: currencyCode, value } }
        : { key: 'minorUnit', params: { currency: currencyCode, decimals, value } },
  };
}

/** A currency of the portal's table (the importer's amounts are checked against its minor unit). */
const knownCurrency = (ctx: { currencies: Map<string, number> }, code: string) => ctx.currencies.has(code) && isCurrencyCode(code);
const sameMoney = (a: string, b: string) => toMinor(a) === toMinor(b);

/** Company idx of the login ids a batch names, looked up once per import; unknown ones are reported at their first row. */
async function knownCompanies(
  tx: DbOrTx,
  cache: Map<string, number>,
  records: ImportRecord<{ company_id: string }>[],
): Promise<RowIssue[]> {
  const missing = [...new Set(records.map((r) => r.values[0]!.company_id))].filter((id) => !cache.has(id));
  for (const [id, idx] of await repo.companyIdxByLoginId(tx, missing)) cache.set(id, idx);
  return records
    .filter((r) => !cache.has(r.values[0]!.company_id))
    .map((r) => ({
      row: r.rows[0]!,
      column: 'company_id',
      message: { key: 'unknownCompany' as const, params: { value: r.values[0]!.company_id } },
    }));
}

// ── invoices ───────────────────────────────────────────────────────────────────────────────────────

/**
 * 승인번호 of the NTS electronic original(s) the ERP issued: 24 digits each (issue day, NTS office, serial),
 * stored as 8-8-8 with hyphens as hometax shows them. An invoice with taxable and VAT-exempt lines has two
 * documents (세금계산서 and 계산서): their numbers in that order, separated by ';'. Empty: none.
 */
const approvalNumber = z
  .string()
  .optional()
  .transform((v, c) => {
    const parts = (v ?? '')
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.length === 0) return null;
    const found = parts.map((p) => /^(\d{8})-?(\d{8})-?(\d{8})$/.exec(p));
    if (parts.length <= 2 && found.every(Boolean)) return found.map((m) => `${m![1]}-${m![2]}-${m![3]}`).join(';');
    c.addIssue({ code: 'custom', message: 'invalid' });
    return z.NEVER;
  });

const invoiceSchema = z.object({
  company_id: required(100),
  code: required(40),
  title: required(200),
  issuer: required(20),
  item: required(20),
  currency,
  created_day: day,
  due_date: day,
  state: text(20).default('S'),
  line_no: text(6).optional(),
  description: required(300),
  qty: required(8),
  unit_price: decimalAmount({ signed: true }),
  vat_exempt: yn,
  amount: decimalAmount({ signed: true }).optional(),
  approval_number: approvalNumber,
});
export type InvoiceImportRow = z.infer<typeof invoiceSchema>;

const INVOICE_LEVEL = ['title', 'issuer', 'item', 'currency', 'created_day', 'due_date', 'state', 'approval_number'] as const;
const MAX_QTY = 1_000_000;
const MAX_LINE_NO = 9_999;
const whole = (v: string, min: number, max: number) => /^\d{1,7}$/.test(v) && Number(v) >= min && Number(v) <= max;

/**
 * A line's supply value (qty × unit price), VAT and amount in hundredths: VAT is the contract's vatOf, 10 %
 * of the supply value rounded half away from zero to the currency's minor unit (₩2,417; $1.06), on a line
 * of a KOR-issued invoice that is not VAT-exempt (docs/decisions/vat-rounding.md); none on exempt lines
 * (books) and on USA-issued invoices. The invoice's lines, totals, list, export, PDF and mail all show this.
 */
function lineMoney(issuer: string, v: InvoiceImportRow, currencyCode: string) {
  const supply = toMinor(v.unit_price) * BigInt(v.qty);
  const vat = issuer === 'KOR' && v.vat_exempt === 'N' ? vatOf(supply, currencyCode) : 0n;
  return { supply, vat, amount: supply + vat };
}

interface InvoiceCtx {
  currencies: Map<string, number>;
  companies: Map<string, number>;
  /** the invoices the current batch names, as stored (checkBatch → write) */
  existing: Map<string, repo.ExistingInvoice>;
}

/** The invoice a record describes, in the database's terms (the record passed its checks). */
function invoiceOf(record: ImportRecord<InvoiceImportRow>, ctx: InvoiceCtx, now: Date, timeZone: string) {
  const first = record.values[0]!;
  const issuer = first.issuer.toUpperCase();
  const lines = record.values.map((v, n): repo.NewLine => {
    const m = lineMoney(issuer, v, first.currency);
    return {
      lineNo: v.line_no ? Number(v.line_no) : n + 1,
      description: v.description,
      qty: Number(v.qty),
      unitPrice: fromMinor(toMinor(v.unit_price)),
      amount: fromMinor(m.amount),
      supplyAmount: fromMinor(m.supply),
      vatAmount: fromMinor(m.vat),
      vatExempt: v.vat_exempt === 'Y',
    };
  });
  lines.sort((a, b) => a.lineNo - b.lineNo);
  // registered at noon of its registration day in the business time zone, as a royalty line's day alone is (columns.ts):
  // the day the lists show; never later than now, for an invoice registered today
  const noon = instantOf({ local: `${first.created_day}T12:00:00.000` }, timeZone);
  return {
    companyIdx: ctx.companies.get(first.company_id)!,
    header: {
      code: first.code,
      title: first.title,
      issuer,
      state: first.state.toUpperCase(),
      item: canonical(INVOICE_ITEMS, first.item)!,
      currencyIdx: ctx.currencies.get(first.currency)!,
      amount: fromMinor(lines.reduce((s, l) => s + toMinor(l.amount), 0n)),
      createdDay: first.created_day,
      dueDate: first.due_date,
      approvalNumber: first.approval_number,
    },
    createdAt: noon < now ? noon : now,
    lines,
  };
}

/** What an import can change of an invoice, as comparable text (amounts with their two decimals). */
const invoiceText = (h: repo.InvoiceHeader, lines: repo.NewLine[]) =>
  JSON.stringify([
    [h.title, h.issuer, h.state, h.item, h.currencyIdx, h.createdDay, h.dueDate, h.approvalNumber, normalizeMoney(h.amount)],
    lines.map((l) => [
      l.lineNo,
      l.description,
      l.qty,
      l.vatExempt,
      ...[l.unitPrice, l.amount, l.supplyAmount, l.vatAmount].map(normalizeMoney),
    ]),
  ]);

function checkInvoice(record: ImportRecord<InvoiceImportRow>, ctx: InvoiceCtx): RowIssue[] {
  const first = record.values[0]!;
  const row = record.rows[0]!;
  const out = sameAsFirst(record, INVOICE_LEVEL);
  if (!canonical(ISSUERS, first.issuer)) out.push(oneOf(row, 'issuer', ISSUERS));
  if (!canonical(INVOICE_ITEMS, first.item)) out.push(oneOf(row, 'item', INVOICE_ITEMS));
  if (!canonical(INVOICE_STATES, first.state)) out.push(oneOf(row, 'state', INVOICE_STATES));
  const currencyOk = knownCurrency(ctx, first.currency);
  if (!currencyOk) out.push({ row, column: 'currency', message: { key: 'currency' } });
  // an invoice cannot fall due before it is registered (YYYY-MM-DD compares as text)
  if (first.due_date < first.created_day)
    out.push({ row, column: 'due_date', message: { key: 'dueBeforeCreated', params: { value: first.created_day } } });
  const lineRows = new Map<number, number>();
  let total: bigint | null = 0n;
  record.values.forEach((v, n) => {
    const r = record.rows[n]!;
    if (!whole(v.qty, 1, MAX_QTY)) out.push({ row: r, column: 'qty', message: { key: 'integer', params: { min: 1, max: MAX_QTY } } });
    if (v.line_no !== undefined && !whole(v.line_no, 1, MAX_LINE_NO))
      out.push({ row: r, column: 'line_no', message: { key: 'integer', params: { min: 1, max: MAX_LINE_NO } } });
    else {
      const no = v.line_no ? Number(v.line_no) : n + 1;
      const other = lineRows.get(no);
      if (other !== undefined) out.push({ row: r, column: 'line_no', message: { key: 'duplicate', params: { other } } });
      else lineRows.set(no, r);
    }
    if (!currencyOk) return;
    const priceIssue = amountIssue(r, 'unit_price', v.unit_price, first.currency);
    const givenIssue = amountIssue(r, 'amount', v.amount, first.currency);
    for (const issue of [priceIssue, givenIssue]) if (issue) out.push(issue);
    if (priceIssue || !whole(v.qty, 1, MAX_QTY)) {
      total = null;
      return;
    }
    const m = lineMoney(first.issuer.toUpperCase(), v, first.currency);
    if (beyondLimit(m.supply) || beyondLimit(m.amount)) {
      // qty × unit price (+ VAT) is stored as the line's amount: it must fit as any amount does
      if (!givenIssue) out.push(limitIssue(r, 'amount'));
      total = null;
      return;
    }
    if (total !== null) total += m.amount;
    if (v.amount !== undefined && !givenIssue && toMinor(v.amount) !== m.amount)
      out.push({ row: r, column: 'amount', message: { key: 'lineAmount', params: { expected: fromMinor(m.amount) } } });
  });
  // the invoice amount is the sum of its lines: it must fit too
  if (total !== null && beyondLimit(total)) out.push(limitIssue(row, 'amount'));
  return out;
}

const invoiceColumns: ImportColumn[] = [
  { name: 'company_id', required: true, example: 'hanbit', description: "The company's login id (with code: the natural key)" },
  { name: 'code', required: true, example: 'INV-2026-0001', description: 'Invoice code, unique per company; also the name of its PDF' },
  {
    name: 'title',
    required: true,
    example: '2026-10 Credit purchase settlement',
    description: 'Invoice title (same on every line of the invoice)',
  },
  { name: 'issuer', required: true, example: 'KOR', description: 'Issuing office: KOR (10 % VAT on lines not exempt) or USA (no VAT)' },
  { name: 'item', required: true, example: 'onCredit', description: `Invoice item: ${INVOICE_ITEMS.join(', ')}` },
  { name: 'currency', required: true, example: 'KRW', description: 'Currency code, one of the portal currencies' },
  {
    name: 'created_day',
    required: true,
    example: '2026-10-31',
    description: 'Registration day, YYYY-MM-DD (lists sort and filter on it; registered at 12:00 that day in the business time zone)',
  },
  {
    name: 'due_date',
    required: true,
    example: '2026-11-30',
    description: 'Issuance deadline (due date), YYYY-MM-DD, on or after the registration day',
  },
  {
    name: 'state',
    required: false,
    example: 'S',
    description: 'P created, S sent, R refunded (default S: an imported invoice is sent to the company)',
  },
  {
    name: 'line_no',
    required: false,
    example: '1',
    description: 'Line number 1–9999, unique in the invoice (default: the row’s place in the invoice)',
  },
  { name: 'description', required: true, example: 'The Vegetarian, 40 copies', description: 'What the line bills' },
  { name: 'qty', required: true, example: '40', description: `Quantity, a whole number from 1 to ${MAX_QTY}` },
  {
    name: 'unit_price',
    required: true,
    example: '12000',
    description:
      'Unit price before VAT (the supply value of one) in whole minor units of the currency (ISO 4217: KRW and JPY whole ' +
      'numbers, USD 2 decimals), less than 10^16; negative for a discount',
  },
  { name: 'vat_exempt', required: false, example: 'Y', description: 'Y for a VAT-exempt line (books in Korea), default N' },
  {
    name: 'amount',
    required: false,
    example: '480000',
    description:
      'Line amount with VAT; empty: computed as qty × unit_price + VAT (10 % rounded half away from zero to the ' +
      "currency's minor unit, KOR only: $10.55 → $1.06); given: must equal it",
  },
  {
    name: 'approval_number',
    required: false,
    example: '20261031-41000000-00012345',
    description:
      '승인번호: the approval number of the electronic tax invoice (or 계산서) issued through the NTS for this invoice, 24 digits ' +
      '(hyphens optional); printed on the PDF. An invoice with taxable and VAT-exempt lines: two, the tax invoice’s first, ' +
      'separated by `;`. Same on every line of the invoice',
  },
];

/** invoices: one row per invoice line, the lines of one invoice contiguous; natural key (company_id, code). */
export const invoicesImport: ImportKind<InvoiceImportRow, InvoiceCtx> = {
  kind: 'invoices',
  description:
    'One row per invoice line; the rows of one invoice follow each other and repeat its invoice columns (title, issuer, item, ' +
    'currency, days, state, approval number). Natural key: `company_id` + `code`. The invoice amount is the sum of its lines; a line is ' +
    'qty × unit_price plus 10 % VAT (rounded to the currency’s minor unit) when the issuer is KOR and the line is not VAT-exempt. Importing an ' +
    'existing invoice replaces its header and lines (its PDF is made again on the next download); the amount or currency ' +
    'of an invoice a payment covers (in part or in full) cannot change. Amounts are whole minor units of the currency (ISO 4217) and less than 10^16. A new invoice is mailed to the company (its invoice addresses) as one ' +
    'registered by hand is.',
  columns: invoiceColumns,
  schema: invoiceSchema,
  key: (r) => JSON.stringify([r.company_id, r.code]),
  grouped: true,
  prepare: async (tx) => ({ currencies: await repo.currencyIdxByName(tx), companies: new Map(), existing: new Map() }),
  check: (record, ctx) => checkInvoice(record, ctx),
  checkBatch: async (tx, records, ctx, env) => {
    const out = await knownCompanies(tx, ctx.companies, records);
    // only records that passed their own checks are looked at (their values are known to be well formed)
    const known = records.filter((r) => ctx.companies.has(r.values[0]!.company_id) && !checkInvoice(r, ctx).length);
    ctx.existing = await repo.invoicesWithLines(
      tx,
      known.map((r) => ({ companyIdx: ctx.companies.get(r.values[0]!.company_id)!, code: r.values[0]!.code })),
    );
    for (const r of known) {
      const inv = invoiceOf(r, ctx, env.now(), env.timeZone);
      const e = ctx.existing.get(keyOf(inv.companyIdx, inv.header.code));
      // a payment covered (part of) the amount it had: changing it (or its currency) would leave the payment wrong
      if (
        e &&
        (e.buyPaymentIdx != null || toMinor(e.paidAmount) !== 0n) &&
        (!sameMoney(e.amount, inv.header.amount) || e.currencyIdx !== inv.header.currencyIdx)
      )
        out.push({ row: r.rows[0]!, column: 'code', message: { key: 'invoicePaid', params: { value: inv.header.code } } });
    }
    return out;
  },
  write: async (tx, records, ctx, env) => {
    const counts: WriteCounts = { created: 0, updated: 0, unchanged: 0 };
    const now = env.now();
    const fresh: ReturnType<typeof invoiceOf>[] = [];
    const changed: Parameters<typeof repo.replaceInvoices>[1] = [];
    for (const r of records) {
      const inv = invoiceOf(r, ctx, now, env.timeZone);
      const e = ctx.existing.get(keyOf(inv.companyIdx, inv.header.code));
      if (!e) fresh.push(inv);
      else if (invoiceText(e, e.lines) === invoiceText(inv.header, inv.lines)) counts.unchanged++;
      else {
        const { code: _code, ...header } = inv.header;
        // created_at follows the registration day only when that changes (it is when the invoice was registered)
        changed.push({ idx: e.idx, header, createdAt: e.createdDay === header.createdDay ? undefined : inv.createdAt, lines: inv.lines });
      }
    }
    await repo.replaceInvoices(tx, changed);
    counts.updated = changed.length;
    const created = await repo.insertInvoices(
      tx,
      fresh.map((inv) => ({ header: { companyIdx: inv.companyIdx, ...inv.header, createdAt: inv.createdAt }, lines: inv.lines })),
    );
    counts.created += created.length;
    if (env.mail && !env.dryRun) for (const idx of created) await notifyInvoiceNew(tx, env.mail, idx);
    return counts;
  },
};

// ── payments ───────────────────────────────────────────────────────────────────────────────────────

const paymentSchema = z.object({
  company_id: required(100),
  reference: required(40),
  depositor: required(100),
  deposit_date: day,
  currency,
  amount: decimalAmount(),
  type: required(20),
  type_info: text(200).default(''),
  comment: text(2000).default(''),
  employee: text(100).default(''),
  invoice_code: text(40).optional(),
  covered_amount: decimalAmount().optional(),
  adjustment: decimalAmount().optional(),
  adjustment_reason: text(200).optional(),
  attachment: text(300).optional(),
});
export type PaymentImportRow = z.infer<typeof paymentSchema>;

const PAYMENT_LEVEL = ['depositor', 'deposit_date', 'currency', 'amount', 'type', 'type_info', 'comment', 'employee'] as const;

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
};

/** An attachment's path in the zip → the name and extension it is stored and downloaded under ('receipts/r-1.pdf' → r-1, pdf). */
const attachmentName = (path: string) => splitFileName(path.replace(/\\/g, '/').split('/').at(-1)!);

interface PaymentCtx {
  currencies: Map<string, number>;
  companies: Map<string, number>;
  /** the current batch's payments as stored, and the invoices it names (checkBatch → write) */
  existing: Map<string, repo.ExistingPayment>;
  invoices: Map<string, repo.InvoiceToCover>;
  /**
   * invoice idx → what each payment of this file settles of it (covered + adjustment, hundredths), by
   * `${companyIdx}/${reference}`, over every batch: once a batch has errors nothing more is written, so a
   * later batch cannot see an earlier claim in the database
   */
  claims: Map<number, Map<string, bigint>>;
  /**
   * payments (`${companyIdx}/${reference}`) this file has named so far: what one of them covers in the
   * database is replaced by what the file says, so only their claims in the file count
   */
  named: Set<string>;
  /** row → the covered amount of a row that gave none: what the invoice still owed (checkBatch → write) */
  resolved: Map<number, string>;
}

/**
 * The payment a record describes: its values, the invoices it covers (amount: given, else what the invoice
 * still owed, resolved by checkBatch; an adjustment settled without money and its reason) and its attachments.
 */
function paymentOf(record: ImportRecord<PaymentImportRow>, ctx: PaymentCtx) {
  const first = record.values[0]!;
  const companyIdx = ctx.companies.get(first.company_id)!;
  const values: repo.PaymentValues = {
    companyIdx,
    reference: first.reference,
    dName: first.depositor,
    dDate: first.deposit_date,
    currencyIdx: ctx.currencies.get(first.currency)!,
    dPayment: fromMinor(toMinor(first.amount)),
    dType: canonical(PAYMENT_TYPES, first.type)!,
    dTypeInfo: first.type_info,
    dComment: first.comment,
    employeeName: first.employee,
  };
  const covered = record.values.flatMap((v, n) => {
    if (!v.invoice_code) return [];
    const inv = ctx.invoices.get(keyOf(companyIdx, v.invoice_code));
    return [
      {
        row: record.rows[n]!,
        code: v.invoice_code,
        invoice: inv,
        amount: v.covered_amount ? fromMinor(toMinor(v.covered_amount)) : ctx.resolved.get(record.rows[n]!),
        adjustment: fromMinor(v.adjustment ? toMinor(v.adjustment) : 0n),
        adjustmentReason: v.adjustment_reason ?? '',
      },
    ];
  });
  const attachments = [...new Set(record.values.flatMap((v) => (v.attachment ? [v.attachment] : [])))];
  return { values, covered, attachments, audit: { companyId: first.company_id, reference: first.reference, currency: first.currency } };
}

function checkPayment(record: ImportRecord<PaymentImportRow>, ctx: PaymentCtx, env: ImportEnv): RowIssue[] {
  const first = record.values[0]!;
  const row = record.rows[0]!;
  const out = sameAsFirst(record, PAYMENT_LEVEL);
  if (!canonical(PAYMENT_TYPES, first.type)) out.push(oneOf(row, 'type', PAYMENT_TYPES));
  const currencyOk = knownCurrency(ctx, first.currency);
  if (!currencyOk) out.push({ row, column: 'currency', message: { key: 'currency' } });
  else {
    const issue = amountIssue(row, 'amount', first.amount, first.currency);
    if (issue) out.push(issue);
  }
  const codes = new Map<string, number>();
  const names = new Map<string, { path: string; row: number }>();
  record.values.forEach((v, n) => {
    const r = record.rows[n]!;
    if (v.invoice_code) {
      const other = codes.get(v.invoice_code);
      if (other !== undefined) out.push({ row: r, column: 'invoice_code', message: { key: 'duplicate', params: { other } } });
      else codes.set(v.invoice_code, r);
    } else if (v.covered_amount || v.adjustment) out.push({ row: r, column: 'invoice_code', message: { key: 'required' } });
    if (currencyOk)
      for (const issue of [
        amountIssue(r, 'covered_amount', v.covered_amount, first.currency),
        amountIssue(r, 'adjustment', v.adjustment, first.currency),
      ])
        if (issue) out.push(issue);
    // an adjustment settles part of an invoice without money: never without its reason
    if (v.adjustment && toMinor(v.adjustment) !== 0n && !v.adjustment_reason?.trim())
      out.push({ row: r, column: 'adjustment_reason', message: { key: 'adjustmentReason' } });
    if (v.attachment) {
      if (!env.files.get(v.attachment))
        out.push({ row: r, column: 'attachment', message: { key: 'fileMissing', params: { value: v.attachment } } });
      const { name, extension } = attachmentName(v.attachment);
      // two files of one payment under one download name: the second could never be downloaded
      const seen = names.get(`${name}.${extension}`);
      if (seen && seen.path !== v.attachment)
        out.push({ row: r, column: 'attachment', message: { key: 'duplicate', params: { other: seen.row } } });
      else if (!seen) names.set(`${name}.${extension}`, { path: v.attachment, row: r });
      if (!name || name.length > 200 || extension.length > 20) out.push({ row: r, column: 'attachment', message: { key: 'invalid' } });
    }
  });
  return out;
}

const paymentColumns: ImportColumn[] = [
  { name: 'company_id', required: true, example: 'hanbit', description: "The company's login id (with reference: the natural key)" },
  {
    name: 'reference',
    required: true,
    example: 'PAY-2026-0001',
    description: "The distributor's reference of the payment, unique per company",
  },
  { name: 'depositor', required: true, example: 'Hanbit Books', description: 'Depositor name' },
  { name: 'deposit_date', required: true, example: '2026-11-05', description: 'Deposit date, YYYY-MM-DD' },
  { name: 'currency', required: true, example: 'KRW', description: 'Currency code; every invoice covered is in it' },
  {
    name: 'amount',
    required: true,
    example: '1250000',
    description: 'Amount paid, in whole minor units of the currency (KRW and JPY whole numbers, USD 2 decimals), less than 10^16',
  },
  { name: 'type', required: true, example: 'remittance', description: `Payment type: ${PAYMENT_TYPES.join(', ')}` },
  { name: 'type_info', required: false, example: 'KEB Hana 123-456789-01', description: 'Type detail (card, check number, bank account)' },
  { name: 'comment', required: false, example: 'October statement', description: 'Comment shown to the company' },
  { name: 'employee', required: false, example: 'Haneul Jung', description: "The distributor's employee who registered it" },
  {
    name: 'invoice_code',
    required: false,
    example: 'INV-2026-0001',
    description:
      'An invoice of the same company this payment covers (one per row); it is paid once its covered amounts and adjustments ' +
      'reach its amount, partially paid before. Empty: the row covers none',
  },
  {
    name: 'covered_amount',
    required: false,
    example: '480000',
    description:
      'Amount applied to that invoice, at most what it still owes (default: what it still owes, less the adjustment); all rows ' +
      'of a payment at most its amount',
  },
  {
    name: 'adjustment',
    required: false,
    example: '15',
    description:
      'An amount of that invoice settled without money (e.g. the bank charges of an international remittance), in the ' +
      'currency’s minor unit; with covered_amount at most what the invoice still owes. Written to the audit log',
  },
  {
    name: 'adjustment_reason',
    required: false,
    example: 'Bank charges (remittance)',
    description: 'Why the adjustment was made; required with an adjustment',
  },
  {
    name: 'attachment',
    required: false,
    example: 'receipts/PAY-2026-0001.pdf',
    description: 'A file of the zip (its path in the zip) attached to the payment',
  },
];

/** payments: one row per (payment, invoice it covers), a payment's rows contiguous; natural key (company_id, reference). */
export const paymentsImport: ImportKind<PaymentImportRow, PaymentCtx> = {
  kind: 'payments',
  description:
    'One row per payment and invoice it covers; the rows of one payment follow each other and repeat its payment columns. ' +
    'Natural key: `company_id` + `reference`. Each `invoice_code` must be an invoice of that company in the payment currency; ' +
    'what the payments covering an invoice settle (covered amounts and adjustments) is at most its amount (a payment earlier ' +
    'in the file that no longer names it frees what it covered). An invoice is paid once nothing is owed, partially paid before; ' +
    'a further payment or an adjustment (audited) settles the remainder. ' +
    'A CSV/XLSX alone, or a zip holding `payments.csv` (or .xlsx) and the files the `attachment` column names by their ' +
    'path in the zip: they are attached to the payment (shown in its detail, downloadable). Re-importing replaces what a payment covers and adds or replaces the attachments it names (others stay). ' +
    'A new payment is mailed to the company. The example is the folder `payments/` (zip its content to import it).',
  columns: paymentColumns,
  schema: paymentSchema,
  key: (r) => JSON.stringify([r.company_id, r.reference]),
  grouped: true,
  prepare: async (tx) => ({
    currencies: await repo.currencyIdxByName(tx),
    companies: new Map(),
    existing: new Map(),
    invoices: new Map(),
    claims: new Map(),
    named: new Set(),
    resolved: new Map(),
  }),
  check: checkPayment,
  checkBatch: async (tx, records, ctx, env) => {
    const out = await knownCompanies(tx, ctx.companies, records);
    // only records that passed their own checks are looked at (their values are known to be well formed)
    const known = records.filter((r) => ctx.companies.has(r.values[0]!.company_id) && !checkPayment(r, ctx, env).length);
    const idxOf = (r: ImportRecord<PaymentImportRow>) => ctx.companies.get(r.values[0]!.company_id)!;
    ctx.existing = await repo.paymentsByReference(
      tx,
      known.map((r) => ({ companyIdx: idxOf(r), reference: r.values[0]!.reference })),
    );
    ctx.invoices = await repo.invoicesToCover(
      tx,
      known.flatMap((r) => r.values.flatMap((v) => (v.invoice_code ? [{ companyIdx: idxOf(r), code: v.invoice_code }] : []))),
    );
    // what the payments covering an invoice settle, in the database and in this file, is at most its amount
    const currencyOf = (idx: number) => [...ctx.currencies].find(([, i]) => i === idx)?.[0] ?? '';
    for (const r of known) {
      const first = r.values[0]!;
      const p = paymentOf(r, ctx);
      const self = keyOf(p.values.companyIdx, p.values.reference);
      ctx.named.add(self);
      let sum = 0n;
      for (const c of p.covered) {
        const inv = c.invoice;
        if (!inv) {
          out.push({ row: c.row, column: 'invoice_code', message: { key: 'unknownInvoice', params: { value: c.code } } });
          continue;
        }
        if (inv.currencyIdx !== p.values.currencyIdx)
          out.push({
            row: c.row,
            column: 'invoice_code',
            message: { key: 'currencyMismatch', params: { value: c.code, currency: currencyOf(inv.currencyIdx) } },
          });
        // settled by others: payments in the database this file has not named (yet), and this file's other payments
        const others: { who: string; settled: bigint }[] = [
          ...inv.coverage
            .filter((x) => x.reference === null || !ctx.named.has(keyOf(inv.companyIdx, x.reference)))
            .map((x) => ({ who: x.reference ?? `#${x.paymentIdx}`, settled: x.settled })),
          ...[...(ctx.claims.get(inv.idx) ?? [])]
            .filter(([k]) => k !== self)
            .map(([k, settled]) => ({ who: k.slice(k.indexOf('/') + 1), settled })),
        ];
        const owed = toMinor(inv.amount) - others.reduce((t, x) => t + x.settled, 0n);
        const adjustment = toMinor(c.adjustment);
        const amount = c.amount !== undefined ? toMinor(c.amount) : owed - adjustment > 0n ? owed - adjustment : 0n;
        if (c.amount === undefined) ctx.resolved.set(c.row, fromMinor(amount));
        const column = first.covered_amount || !adjustment ? 'covered_amount' : 'adjustment';
        // nothing left to settle: naming the invoice again is a mistake, even for a covered amount of 0
        const by = owed <= 0n ? others.find((x) => x.settled > 0n) : undefined;
        if (by)
          out.push({
            row: c.row,
            column: 'invoice_code',
            message: { key: 'invoicePaidByOther', params: { value: c.code, other: by.who } },
          });
        if (amount + adjustment > toMinor(inv.amount))
          out.push({ row: c.row, column, message: { key: 'coveredAboveInvoice', params: { amount: inv.amount } } });
        else if (!by && amount + adjustment > owed)
          out.push({ row: c.row, column, message: { key: 'coveredAboveOutstanding', params: { amount: fromMinor(owed) } } });
        const claims = ctx.claims.get(inv.idx) ?? new Map<string, bigint>();
        ctx.claims.set(inv.idx, claims.set(self, amount + adjustment));
        sum += amount;
      }
      if (sum > toMinor(p.values.dPayment))
        out.push({
          row: r.rows[0]!,
          column: 'amount',
          message: { key: 'coveredExceeds', params: { covered: fromMinor(sum), amount: p.values.dPayment } },
        });
    }
    return out;
  },
  write: async (tx, records, ctx, env) => {
    const counts: WriteCounts = { created: 0, updated: 0, unchanged: 0 };
    const payments = records.map((r) => {
      const p = paymentOf(r, ctx);
      return { ...p, existing: ctx.existing.get(keyOf(p.values.companyIdx, p.values.reference)) };
    });
    // new payments of the batch in a few statements (a statement per payment costs its triggers each time)
    const fresh = payments.filter((p) => !p.existing);
    const freshIdx = await repo.insertPayments(
      tx,
      fresh.map((p) => p.values),
    );
    await repo.setCoverage(
      tx,
      fresh.flatMap((p, n) => coverageOf(p).map((c) => ({ ...c, buyPaymentIdx: freshIdx[n]! }))),
    );
    for (const p of fresh) await auditAdjustments(tx, env, p.audit, p.covered);
    for (const [n, p] of fresh.entries()) {
      await storeAttachments(tx, env, p.values.companyIdx, freshIdx[n]!, p.attachments, undefined);
      if (env.mail && !env.dryRun) await notifyPaymentRegistered(tx, env.mail, freshIdx[n]!);
    }
    counts.created = fresh.length;
    for (const p of payments) {
      const e = p.existing;
      if (!e) continue;
      const v = p.values;
      let changed = false;
      const paymentText = (p: Omit<repo.PaymentValues, 'reference'>) =>
        JSON.stringify([p.dName, p.dDate, p.currencyIdx, normalizeMoney(p.dPayment), p.dType, p.dTypeInfo, p.dComment, p.employeeName]);
      if (paymentText(e) !== paymentText(v)) {
        await repo.updatePayment(tx, e.idx, v);
        changed = true;
      }
      const covered = coverageOf(p);
      const same = (c: repo.Coverage) => {
        const old = e.covered.get(c.buyInvoiceIdx);
        return (
          !!old && sameMoney(old.amount, c.amount) && sameMoney(old.adjustment, c.adjustment) && old.adjustmentReason === c.adjustmentReason
        );
      };
      if (e.covered.size !== covered.length || !covered.every(same)) {
        await repo.setCoverage(
          tx,
          covered.map((c) => ({ ...c, buyPaymentIdx: e.idx })),
          e.idx,
        );
        // the adjustments this import writes (new or changed) are audited
        await auditAdjustments(
          tx,
          env,
          p.audit,
          p.covered.filter(
            (c) =>
              !same({ buyInvoiceIdx: c.invoice!.idx, amount: c.amount!, adjustment: c.adjustment, adjustmentReason: c.adjustmentReason }),
          ),
        );
        changed = true;
      }
      if (await storeAttachments(tx, env, v.companyIdx, e.idx, p.attachments, e.files)) changed = true;
      if (changed) counts.updated++;
      else counts.unchanged++;
    }
    return counts;
  },
};

type PaymentOf = ReturnType<typeof paymentOf>;
const coverageOf = (p: PaymentOf): repo.Coverage[] =>
  p.covered.map((c) => ({
    buyInvoiceIdx: c.invoice!.idx,
    amount: c.amount!,
    adjustment: c.adjustment,
    adjustmentReason: c.adjustmentReason,
  }));

/**
 * Every adjustment an import writes goes to the audit log (in the import's transaction: a dry run or a
 * rejected file leaves none): which payment settled how much of which invoice without money, and why.
 */
async function auditAdjustments(tx: DbOrTx, env: ImportEnv, who: PaymentOf['audit'], covered: PaymentOf['covered']) {
  for (const c of covered) {
    if (toMinor(c.adjustment) === 0n) continue;
    const target = `${who.companyId} ${who.reference} ${c.code}: ${c.adjustment} ${who.currency} (${c.adjustmentReason})`;
    await env.audit?.(tx, 'import.payments.adjustment', target.slice(0, 200));
  }
}

/**
 * Attaches the zip's files to a payment as the payment detail reads them (stored_files, upload_path
 * 'buy_payment', ref_idx the payment); a file already attached under the same name with the same bytes
 * is left alone, other bytes replace it (the old bytes leave the store once committed). A dry run stores
 * nothing. Whether anything changed.
 */
async function storeAttachments(
  tx: DbOrTx,
  env: ImportEnv,
  companyIdx: number,
  paymentIdx: number,
  paths: string[],
  existing: repo.ExistingPayment['files'] | undefined,
) {
  let changed = false;
  const store = env.fileStore && storeInTransaction(env.fileStore, tx);
  for (const path of paths) {
    const bytes = env.files.get(path)!;
    const { name, extension } = attachmentName(path);
    const old = existing?.get(`${name}.${extension}`);
    if (old && old.size === bytes.length) {
      const stored = await store?.get(old.storageKey);
      if (stored && stored.equals(bytes)) continue;
    }
    changed = true;
    if (env.dryRun) continue;
    if (!store) throw new Error('the payments import needs a file store for its attachments');
    const storageKey = store.newKey(PAYMENT_NS, extension);
    const { size } = await store.put(storageKey, bytes);
    const mime = MIME[extension.toLowerCase()] ?? 'application/octet-stream';
    // the bytes go in before the row that names them: a run rolled back (a bad row in a later batch) removes them again;
    // the bytes they replace only go once the replacement is committed. A store in the database (storeInTransaction)
    // rolls back with the rows anyway; removing its old bytes after the commit is still needed.
    const outer = env.fileStore!;
    env.onEnd(async (committed) => {
      if (!committed) await outer.remove(storageKey);
      else if (old) await outer.remove(old.storageKey);
    });
    await repo.putPaymentFile(tx, { companyIdx, refIdx: paymentIdx, name, extension, size, mime, storageKey }, old?.idx);
  }
  return changed;
}
