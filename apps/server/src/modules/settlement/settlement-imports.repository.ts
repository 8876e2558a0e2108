import { toMinor } from '@portal/contract';
import { and, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { buyInvoiceLines, buyInvoices, buyPaymentInvoices, buyPayments, companies, currencies, storedFiles } from '../../db/schema';

/**
 * The SQL of the operator's invoice and payment imports (settlement.imports.ts): lookups of the rows a
 * batch names, and the writes. Invoices and payments are looked up by company and natural key a batch
 * at a time (a batch names at most a few hundred), never loaded whole.
 */

/**
 * Rows whose (company, natural key) pair is one of these: a row-value IN, so a batch reads only the pairs it
 * names (two separate IN lists would also read company A's row of a key that only company B's row named).
 */
const pairIn = (company: AnyColumn, key: AnyColumn, pairs: [number, string][]) =>
  sql`(${company}, ${key}) in (${sql.join(
    pairs.map(([c, k]) => sql`(${c}::int, ${k}::text)`),
    sql`, `,
  )})`;

export async function currencyIdxByName(db: DbOrTx) {
  const rows = await db.select({ idx: currencies.idx, name: currencies.name }).from(currencies);
  // name is char(3): trimmed for the lookup
  return new Map(rows.map((r) => [r.name.trim(), r.idx]));
}

/** Company idx by login id, for the ids given. */
export async function companyIdxByLoginId(db: DbOrTx, ids: string[]) {
  if (!ids.length) return new Map<string, number>();
  const rows = await db.select({ idx: companies.idx, id: companies.id }).from(companies).where(inArray(companies.id, ids));
  return new Map(rows.map((r) => [r.id, r.idx]));
}

export interface ExistingLine {
  lineNo: number;
  description: string;
  qty: number;
  unitPrice: string;
  amount: string;
  supplyAmount: string;
  vatAmount: string;
  vatExempt: boolean;
}

export interface ExistingInvoice {
  idx: number;
  companyIdx: number;
  code: string;
  title: string;
  issuer: string;
  state: string;
  item: string;
  currencyIdx: number;
  amount: string;
  createdDay: string;
  dueDate: string;
  approvalNumber: string | null;
  buyPaymentIdx: number | null;
  /** what payments settled of it (covered amounts and adjustments) */
  paidAmount: string;
  lines: ExistingLine[];
}

/** The invoices of these (company, code) pairs with their lines, by `${companyIdx}/${code}`. */
export async function invoicesWithLines(db: DbOrTx, keys: { companyIdx: number; code: string }[]) {
  const out = new Map<string, ExistingInvoice>();
  if (!keys.length) return out;
  const invoices = await db
    .select({
      idx: buyInvoices.idx,
      companyIdx: buyInvoices.companyIdx,
      code: buyInvoices.code,
      title: buyInvoices.title,
      issuer: buyInvoices.issuer,
      state: buyInvoices.state,
      item: buyInvoices.item,
      currencyIdx: buyInvoices.currencyIdx,
      amount: buyInvoices.amount,
      createdDay: buyInvoices.createdDay,
      dueDate: buyInvoices.dueDate,
      approvalNumber: buyInvoices.approvalNumber,
      buyPaymentIdx: buyInvoices.buyPaymentIdx,
      paidAmount: buyInvoices.paidAmount,
    })
    .from(buyInvoices)
    .where(
      pairIn(
        buyInvoices.companyIdx,
        buyInvoices.code,
        keys.map((k) => [k.companyIdx, k.code]),
      ),
    );
  if (!invoices.length) return out;
  const lines = await db
    .select()
    .from(buyInvoiceLines)
    .where(
      inArray(
        buyInvoiceLines.buyInvoiceIdx,
        invoices.map((i) => i.idx),
      ),
    )
    .orderBy(buyInvoiceLines.buyInvoiceIdx, buyInvoiceLines.lineNo);
  for (const i of invoices) out.set(`${i.companyIdx}/${i.code}`, { ...i, lines: [] });
  const byIdx = new Map(invoices.map((i) => [i.idx, out.get(`${i.companyIdx}/${i.code}`)!]));
  for (const l of lines) byIdx.get(l.buyInvoiceIdx)?.lines.push(l);
  return out;
}

export interface InvoiceHeader {
  companyIdx: number;
  code: string;
  title: string;
  issuer: string;
  state: string;
  item: string;
  currencyIdx: number;
  amount: string;
  createdDay: string;
  dueDate: string;
  /** 승인번호 of the NTS electronic original, or null */
  approvalNumber: string | null;
  createdAt: Date;
}

export type NewLine = ExistingLine;

/** Inserts new invoices with their lines; their idx in the order given. */
export async function insertInvoices(db: DbOrTx, invoices: { header: InvoiceHeader; lines: NewLine[] }[]) {
  if (!invoices.length) return [];
  const rows = await db
    .insert(buyInvoices)
    .values(invoices.map((i) => i.header))
    .returning({ idx: buyInvoices.idx });
  const lines = invoices.flatMap((inv, n) => inv.lines.map((l) => ({ ...l, buyInvoiceIdx: rows[n]!.idx })));
  if (lines.length) await db.insert(buyInvoiceLines).values(lines);
  return rows.map((r) => r.idx);
}

/**
 * Replaces the header and lines of existing invoices, in three statements for a whole batch (each
 * statement runs the summary and change-feed triggers once). updated_at becomes the transaction's time,
 * so a PDF stored before it is stale and made again on the next download (settlement.service
 * storeInvoicePdf); created_at moves only when given (the registration day changed).
 */
export async function replaceInvoices(
  db: DbOrTx,
  invoices: { idx: number; header: Omit<InvoiceHeader, 'createdAt' | 'companyIdx' | 'code'>; createdAt?: Date; lines: NewLine[] }[],
) {
  if (!invoices.length) return;
  const values = sql.join(
    invoices.map(
      ({ idx, header: h, createdAt }) =>
        sql`(${idx}::int, ${h.title}::text, ${h.issuer}::text, ${h.state}::text, ${h.item}::text, ${h.currencyIdx}::int,
          ${h.amount}::numeric, ${h.createdDay}::date, ${h.dueDate}::date, ${h.approvalNumber}::text, ${createdAt?.toISOString() ?? null}::timestamptz)`,
    ),
    sql`, `,
  );
  await db.execute(
    sql`update buy_invoices i set title = v.title, issuer = v.issuer, state = v.state, item = v.item, currency_idx = v.currency_idx,
          amount = v.amount, created_day = v.created_day, due_date = v.due_date, approval_number = v.approval_number, created_at = coalesce(v.created_at, i.created_at),
          updated_at = now()
        from (values ${values}) as v(idx, title, issuer, state, item, currency_idx, amount, created_day, due_date, approval_number, created_at)
        where i.idx = v.idx`,
  );
  const idxs = invoices.map((i) => i.idx);
  await db.delete(buyInvoiceLines).where(inArray(buyInvoiceLines.buyInvoiceIdx, idxs));
  const lines = invoices.flatMap((i) => i.lines.map((l) => ({ ...l, buyInvoiceIdx: i.idx })));
  if (lines.length) await db.insert(buyInvoiceLines).values(lines);
}

export interface ExistingPayment {
  idx: number;
  companyIdx: number;
  reference: string;
  dName: string;
  dDate: string;
  currencyIdx: number;
  dPayment: string;
  dType: string;
  dTypeInfo: string;
  dComment: string;
  employeeName: string;
  /** invoice idx → amount applied and adjustment */
  covered: Map<number, { amount: string; adjustment: string; adjustmentReason: string }>;
  /** attachments by `name.extension` */
  files: Map<string, { idx: number; storageKey: string; size: number }>;
}

/** The payments of these (company, reference) pairs with what they cover and their attachments, by `${companyIdx}/${reference}`. */
export async function paymentsByReference(db: DbOrTx, keys: { companyIdx: number; reference: string }[]) {
  const out = new Map<string, ExistingPayment>();
  if (!keys.length) return out;
  const payments = await db
    .select({
      idx: buyPayments.idx,
      companyIdx: buyPayments.companyIdx,
      reference: buyPayments.reference,
      dName: buyPayments.dName,
      dDate: buyPayments.dDate,
      currencyIdx: buyPayments.currencyIdx,
      dPayment: buyPayments.dPayment,
      dType: buyPayments.dType,
      dTypeInfo: buyPayments.dTypeInfo,
      dComment: buyPayments.dComment,
      employeeName: buyPayments.employeeName,
    })
    .from(buyPayments)
    .where(
      pairIn(
        buyPayments.companyIdx,
        buyPayments.reference,
        keys.map((k) => [k.companyIdx, k.reference]),
      ),
    );
  if (!payments.length) return out;
  const byIdx = new Map<number, ExistingPayment>();
  for (const p of payments) {
    const e: ExistingPayment = { ...p, reference: p.reference!, covered: new Map(), files: new Map() };
    out.set(`${p.companyIdx}/${p.reference}`, e);
    byIdx.set(p.idx, e);
  }
  const idxs = [...byIdx.keys()];
  const covered = await db
    .select({
      p: buyPaymentInvoices.buyPaymentIdx,
      i: buyPaymentInvoices.buyInvoiceIdx,
      amount: buyPaymentInvoices.amount,
      adjustment: buyPaymentInvoices.adjustment,
      adjustmentReason: buyPaymentInvoices.adjustmentReason,
    })
    .from(buyPaymentInvoices)
    .where(inArray(buyPaymentInvoices.buyPaymentIdx, idxs));
  for (const c of covered)
    byIdx.get(c.p)?.covered.set(c.i, { amount: c.amount, adjustment: c.adjustment, adjustmentReason: c.adjustmentReason });
  const files = await db
    .select({
      idx: storedFiles.idx,
      refIdx: storedFiles.refIdx,
      companyIdx: storedFiles.companyIdx,
      name: storedFiles.name,
      extension: storedFiles.extension,
      storageKey: storedFiles.storageKey,
      size: storedFiles.size,
    })
    .from(storedFiles)
    .where(and(eq(storedFiles.uploadPath, 'buy_payment'), inArray(storedFiles.refIdx, idxs)));
  for (const f of files) {
    const p = byIdx.get(f.refIdx!);
    if (p && p.companyIdx === f.companyIdx) p.files.set(`${f.name}.${f.extension}`, f);
  }
  return out;
}

export interface InvoiceToCover {
  idx: number;
  companyIdx: number;
  code: string;
  amount: string;
  currencyIdx: number;
  buyPaymentIdx: number | null;
  /** what each payment covering it settled (covered amount + adjustment, hundredths), by payment idx, with its reference */
  coverage: { paymentIdx: number; reference: string | null; settled: bigint }[];
}

/** The invoices of these (company, code) pairs with the payments covering them, by `${companyIdx}/${code}`. */
export async function invoicesToCover(db: DbOrTx, keys: { companyIdx: number; code: string }[]) {
  const out = new Map<string, InvoiceToCover>();
  if (!keys.length) return out;
  const found = await db
    .select({
      idx: buyInvoices.idx,
      companyIdx: buyInvoices.companyIdx,
      code: buyInvoices.code,
      amount: buyInvoices.amount,
      currencyIdx: buyInvoices.currencyIdx,
      buyPaymentIdx: buyInvoices.buyPaymentIdx,
    })
    .from(buyInvoices)
    .where(
      pairIn(
        buyInvoices.companyIdx,
        buyInvoices.code,
        keys.map((k) => [k.companyIdx, k.code]),
      ),
    );
  if (!found.length) return out;
  const coverage = await db
    .select({
      invoiceIdx: buyPaymentInvoices.buyInvoiceIdx,
      paymentIdx: buyPaymentInvoices.buyPaymentIdx,
      reference: buyPayments.reference,
      settled: sql<string>`(${buyPaymentInvoices.amount} + ${buyPaymentInvoices.adjustment})::text`,
    })
    .from(buyPaymentInvoices)
    .innerJoin(buyPayments, eq(buyPayments.idx, buyPaymentInvoices.buyPaymentIdx))
    .where(
      inArray(
        buyPaymentInvoices.buyInvoiceIdx,
        found.map((i) => i.idx),
      ),
    );
  const byIdx = new Map<number, InvoiceToCover>();
  for (const i of found) {
    const inv = { ...i, coverage: [] };
    out.set(`${i.companyIdx}/${i.code}`, inv);
    byIdx.set(i.idx, inv);
  }
  for (const c of coverage)
    byIdx.get(c.invoiceIdx)?.coverage.push({ paymentIdx: c.paymentIdx, reference: c.reference, settled: toMinor(c.settled) });
  // an invoice marked paid before coverage rows were kept counts as settled in full by its payment
  for (const inv of byIdx.values())
    if (inv.buyPaymentIdx !== null && !inv.coverage.some((c) => c.paymentIdx === inv.buyPaymentIdx))
      inv.coverage.push({ paymentIdx: inv.buyPaymentIdx, reference: null, settled: toMinor(inv.amount) });
  return out;
}

export interface PaymentValues {
  companyIdx: number;
  reference: string;
  dName: string;
  dDate: string;
  currencyIdx: number;
  dPayment: string;
  dType: string;
  dTypeInfo: string;
  dComment: string;
  employeeName: string;
}

/** Inserts new payments; their idx in the order given. */
export async function insertPayments(db: DbOrTx, values: PaymentValues[]) {
  if (!values.length) return [];
  const rows = await db.insert(buyPayments).values(values).returning({ idx: buyPayments.idx });
  return rows.map((r) => r.idx);
}

/** What a payment covers of one invoice: the amount applied and an adjustment settled without money, with its reason. */
export interface Coverage {
  invoiceIdx: number;
  amount: string;
  adjustment: string;
  adjustmentReason: string;
}

/**
 * What new payments cover, in one statement for a whole batch: the buy_payment_invoices rows. The trigger
 * buy_invoice_balances keeps the invoices' paid amount and settling payment, and moves their updated_at so
 * their stored PDFs are made again (the PDF prints the payment state).
 */
export async function coverByNewPayments(db: DbOrTx, covered: (Coverage & { paymentIdx: number })[]) {
  if (!covered.length) return;
  await db.insert(buyPaymentInvoices).values(
    covered.map((c) => ({
      buyPaymentIdx: c.paymentIdx,
      buyInvoiceIdx: c.invoiceIdx,
      amount: c.amount,
      adjustment: c.adjustment,
      adjustmentReason: c.adjustmentReason,
    })),
  );
}

export async function updatePayment(db: DbOrTx, idx: number, values: PaymentValues) {
  await db.update(buyPayments).set(values).where(eq(buyPayments.idx, idx));
}

/**
 * Makes `covered` exactly what an existing payment covers (buy_payment_invoices rows). The trigger
 * buy_invoice_balances recomputes the paid amount and settling payment (spec §4 buy_payment_idx) of every
 * invoice whose coverage changed: one it no longer covers owes again what it covered; updated_at of each
 * whose balance changes is the transaction's time, so its stored PDF (which prints the payment state) is made again.
 */
export async function setCoverage(db: DbOrTx, paymentIdx: number, covered: Coverage[]) {
  await db.delete(buyPaymentInvoices).where(eq(buyPaymentInvoices.buyPaymentIdx, paymentIdx));
  if (covered.length)
    await coverByNewPayments(
      db,
      covered.map((c) => ({ ...c, paymentIdx })),
    );
}

/** An attachment of a payment, as the payment detail and common/fileDownload read them (upload_path 'buy_payment', ref_idx the payment). */
export async function insertPaymentFile(
  db: DbOrTx,
  f: { companyIdx: number; paymentIdx: number; name: string; extension: string; size: number; mime: string; storageKey: string },
) {
  await db.insert(storedFiles).values({
    uploadPath: 'buy_payment',
    companyIdx: f.companyIdx,
    refIdx: f.paymentIdx,
    name: f.name,
    extension: f.extension,
    size: f.size,
    mime: f.mime,
    storageKey: f.storageKey,
  });
}

/** Points an attachment's row at new bytes (the import removes the old ones from the store once it is committed). */
export async function replacePaymentFile(db: DbOrTx, idx: number, f: { size: number; mime: string; storageKey: string }) {
  await db
    .update(storedFiles)
    .set({ ...f, createdAt: sql`now()` })
    .where(eq(storedFiles.idx, idx));
}
