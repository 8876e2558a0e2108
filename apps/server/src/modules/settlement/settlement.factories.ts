// Test data of the settlement domain (used by the tests only).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import type { DbOrTx } from '../../db/client';
import { buyInvoiceLines, buyInvoices, buyPaymentInvoices, buyPayments, currencies } from '../../db/schema';
import type { TestContext } from '../../test/helper';
import { importJob } from '../../test/imports';

let seq = 0;

export async function currencyIdx(db: DbOrTx, name: 'KRW' | 'USD') {
  const [row] = await db.select({ idx: currencies.idx }).from(currencies).where(eq(currencies.name, name));
  return row!.idx;
}

export interface InvoiceSpec {
  code?: string;
  title?: string;
  issuer?: string;
  state?: string;
  item?: string;
  currency?: 'KRW' | 'USD';
  amount?: string;
  day?: string;
  dueDate?: string;
  buyPaymentIdx?: number | null;
  /** the invoice's lines; default one line of the whole amount (supply value and VAT then filled by the database) */
  lines?: {
    description: string;
    qty: number;
    unitPrice: string;
    amount: string;
    supplyAmount?: string;
    vatAmount?: string;
    vatExempt?: boolean;
  }[];
}

export async function insertInvoices(db: DbOrTx, companyIdx: number, specs: InvoiceSpec[]) {
  const krw = await currencyIdx(db, 'KRW');
  const usd = await currencyIdx(db, 'USD');
  if (!specs.length) return [];
  const rows = await db
    .insert(buyInvoices)
    .values(
      specs.map((s) => {
        const day = s.day ?? '2026-03-15';
        return {
          companyIdx,
          code: s.code ?? `T-${companyIdx}-${++seq}`,
          title: s.title ?? `Invoice ${seq}`,
          issuer: s.issuer ?? 'KOR',
          state: s.state ?? 'S',
          item: s.item ?? 'onCredit',
          currencyIdx: s.currency === 'USD' ? usd : krw,
          amount: s.amount ?? '1000.00',
          createdAt: new Date(`${day}T10:00:00+09:00`),
          createdDay: day,
          dueDate: s.dueDate ?? day,
          buyPaymentIdx: s.buyPaymentIdx ?? null,
          // paid in full by that payment (without coverage rows, as invoices paid before they were kept)
          paidAmount: s.buyPaymentIdx ? (s.amount ?? '1000.00') : '0',
        };
      }),
    )
    .returning();
  await db.insert(buyInvoiceLines).values(
    rows.flatMap((r, i) =>
      (specs[i]!.lines ?? [{ description: `Line of ${r.code}`, qty: 1, unitPrice: r.amount, amount: r.amount }]).map((l, n) => ({
        buyInvoiceIdx: r.idx,
        lineNo: n + 1,
        ...l,
      })),
    ),
  );
  return rows;
}

export async function insertPayment(
  db: DbOrTx,
  companyIdx: number,
  invoices: { idx: number; amount: string }[],
  spec: { dName?: string; dDate?: string; currency?: 'KRW' | 'USD'; dType?: string; amount?: string } = {},
) {
  const [p] = await db
    .insert(buyPayments)
    .values({
      companyIdx,
      dName: spec.dName ?? 'Depositor',
      dDate: spec.dDate ?? '2026-03-20',
      currencyIdx: await currencyIdx(db, spec.currency ?? 'KRW'),
      dPayment: spec.amount ?? '0.00',
      dType: spec.dType ?? 'remittance',
      dTypeInfo: 'Bank 123',
      dComment: 'comment',
      employeeName: 'Clerk',
    })
    .returning();
  for (const inv of invoices) {
    await db.insert(buyPaymentInvoices).values({ buyPaymentIdx: p!.idx, buyInvoiceIdx: inv.idx, amount: inv.amount });
  }
  return p!;
}

// ── the operator's imports (settlement.imports.test*.ts) ───────────────────────────────────────────
/** The example files of the imports (admin/examples). */
export const IMPORT_EXAMPLES = path.join(import.meta.dirname, '..', 'admin', 'examples');

/** POST /api/admin/imports/{kind} with one file, as the operator console sends it; the report once its job is over. */
export async function importUpload(t: TestContext, token: string, kind: string, fileName: string, data: Buffer | string, query = '') {
  const res = await importJob(t, token, kind, fileName, data, query);
  if (res.statusCode !== 202) throw new Error(`import ${kind}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A folder's files by their path in it: what an operator zips of examples/payments/. */
export function folderFiles(dir: string, prefix = ''): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) Object.assign(out, folderFiles(full, `${prefix}${name}/`));
    else out[`${prefix}${name}`] = readFileSync(full);
  }
  return out;
}

export const zipOf = (files: Record<string, Uint8Array>) => Buffer.from(zipSync(files));
