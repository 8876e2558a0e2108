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

export type NewLine = Omit<typeof buyInvoiceLines.$inferSelect, 'idx' | 'buyInvoiceIdx'>;
export type ExistingInvoice = typeof buyInvoices.$inferSelect & { lines: (typeof buyInvoiceLines.$inferSelect)[] };

/** The invoices of these (company, code) pairs with their lines, by `${companyIdx}/${code}`. */
export async function invoicesWithLines(db: DbOrTx, keys: { companyIdx: number; code: string }[]) {
  const out = new Map<string, ExistingInvoice>();
  if (!keys.length) return out;
  const pairs = keys.map((k): [number, string] => [k.companyIdx, k.code]);
  const invoices = await db
    .select()
    .from(buyInvoices)
    .where(pairIn(buyInvoices.companyIdx, buyInvoices.code, pairs));
  if (!invoices.length) return out;
  const idxs = invoices.map((i) => i.idx);
  const lines = await db
    .select()
    .from(buyInvoiceLines)
    .where(inArray(buyInvoiceLines.buyInvoiceIdx, idxs))
    .orderBy(buyInvoiceLines.buyInvoiceIdx, buyInvoiceLines.lineNo);
  for (const i of invoices) out.set(`${i.companyIdx}/${i.code}`, { ...i, lines: lines.filter((l) => l.buyInvoiceIdx === i.idx) });
  return out;
}

/** An invoice's header as the import writes it. */
export type InvoiceHeader = Pick<
  typeof buyInvoices.$inferSelect,
  'title' | 'issuer' | 'state' | 'item' | 'currencyIdx' | 'amount' | 'createdDay' | 'dueDate' | 'approvalNumber'
>;

/** Inserts new invoices with their lines; their idx in the order given. */
export async function insertInvoices(
  db: DbOrTx,
  invoices: { header: InvoiceHeader & { companyIdx: number; code: string; createdAt: Date }; lines: NewLine[] }[],
) {
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
export async function replaceInvoices(db: DbOrTx, invoices: { idx: number; header: InvoiceHeader; createdAt?: Date; lines: NewLine[] }[]) {
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

/** What a payment covers of one invoice: the amount applied and an adjustment settled without money, with its reason. */
export type Coverage = Required<Omit<typeof buyPaymentInvoices.$inferInsert, 'buyPaymentIdx'>>;
type StoredFile = typeof storedFiles.$inferSelect;

export type ExistingPayment = typeof buyPayments.$inferSelect & {
  /** invoice idx → amount applied and adjustment */
  covered: Map<number, Coverage>;
  /** attachments by `name.extension` */
  files: Map<string, StoredFile>;
};

/** The payments of these (company, reference) pairs with what they cover and their attachments, by `${companyIdx}/${reference}`. */
export async function paymentsByReference(db: DbOrTx, keys: { companyIdx: number; reference: string }[]) {
  const out = new Map<string, ExistingPayment>();
  if (!keys.length) return out;
  const pairs = keys.map((k): [number, string] => [k.companyIdx, k.reference]);
  const payments = await db
    .select()
    .from(buyPayments)
    .where(pairIn(buyPayments.companyIdx, buyPayments.reference, pairs));
  if (!payments.length) return out;
  const byIdx = new Map<number, ExistingPayment>();
  for (const p of payments) {
    const e: ExistingPayment = { ...p, covered: new Map(), files: new Map() };
    out.set(`${p.companyIdx}/${p.reference}`, e);
    byIdx.set(p.idx, e);
  }
  const idxs = [...byIdx.keys()];
  for (const c of await db.select().from(buyPaymentInvoices).where(inArray(buyPaymentInvoices.buyPaymentIdx, idxs)))
    byIdx.get(c.buyPaymentIdx)?.covered.set(c.buyInvoiceIdx, c);
  const files = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.uploadPath, 'buy_payment'), inArray(storedFiles.refIdx, idxs)));
  for (const f of files) {
    const p = byIdx.get(f.refIdx!);
    if (p && p.companyIdx === f.companyIdx) p.files.set(`${f.name}.${f.extension}`, f);
  }
  return out;
}

export type InvoiceToCover = typeof buyInvoices.$inferSelect & {
  /** what each payment covering it settled (covered amount + adjustment, hundredths), by payment idx, with its reference */
  coverage: { paymentIdx: number; reference: string | null; settled: bigint }[];
};

/** The invoices of these (company, code) pairs with the payments covering them, by `${companyIdx}/${code}`. */
export async function invoicesToCover(db: DbOrTx, keys: { companyIdx: number; code: string }[]) {
  const out = new Map<string, InvoiceToCover>();
  if (!keys.length) return out;
  const pairs = keys.map((k): [number, string] => [k.companyIdx, k.code]);
  const found = await db
    .select()
    .from(buyInvoices)
    .where(pairIn(buyInvoices.companyIdx, buyInvoices.code, pairs));
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
  for (const i of found) {
    const inv: InvoiceToCover = { ...i, coverage: [] };
    for (const c of coverage)
      if (c.invoiceIdx === i.idx) inv.coverage.push({ paymentIdx: c.paymentIdx, reference: c.reference, settled: toMinor(c.settled) });
    // an invoice marked paid before coverage rows were kept counts as settled in full by its payment
    if (inv.buyPaymentIdx !== null && !inv.coverage.some((c) => c.paymentIdx === inv.buyPaymentIdx))
      inv.coverage.push({ paymentIdx: inv.buyPaymentIdx, reference: null, settled: toMinor(inv.amount) });
    out.set(`${i.companyIdx}/${i.code}`, inv);
  }
  return out;
}

export type PaymentValues = Omit<typeof buyPayments.$inferSelect, 'idx' | 'createdAt' | 'reference'> & { reference: string };

/** Inserts new payments; their idx in the order given. */
export async function insertPayments(db: DbOrTx, values: PaymentValues[]) {
  if (!values.length) return [];
  const rows = await db.insert(buyPayments).values(values).returning({ idx: buyPayments.idx });
  return rows.map((r) => r.idx);
}

/**
 * Makes `covered` exactly what the payments cover (buy_payment_invoices rows), in one statement for a whole batch
 * of new payments. The trigger buy_invoice_balances recomputes the paid amount and settling payment (spec §4
 * buy_payment_idx) of every invoice whose coverage changed: one a payment no longer covers owes again what it
 * covered; updated_at of each whose balance changes is the transaction's time, so its stored PDF (which prints
 * the payment state) is made again. `replace`: the payment existed, what it covered before goes first.
 */
export async function setCoverage(db: DbOrTx, covered: (Coverage & { buyPaymentIdx: number })[], replace?: number) {
  if (replace !== undefined) await db.delete(buyPaymentInvoices).where(eq(buyPaymentInvoices.buyPaymentIdx, replace));
  if (covered.length) await db.insert(buyPaymentInvoices).values(covered);
}

export async function updatePayment(db: DbOrTx, idx: number, values: PaymentValues) {
  await db.update(buyPayments).set(values).where(eq(buyPayments.idx, idx));
}

/**
 * An attachment of a payment, as the payment detail and common/fileDownload read them (upload_path 'buy_payment', ref_idx
 * the payment); `replace`: the row of an attachment of that name, pointed at the new bytes (the import removes the old
 * ones from the store once it is committed).
 */
export async function putPaymentFile(db: DbOrTx, f: Omit<typeof storedFiles.$inferInsert, 'uploadPath'>, replace?: number) {
  if (replace === undefined) await db.insert(storedFiles).values({ ...f, uploadPath: 'buy_payment' });
  else
    await db
      .update(storedFiles)
      .set({ size: f.size, mime: f.mime, storageKey: f.storageKey, createdAt: sql`now()` })
      .where(eq(storedFiles.idx, replace));
}
