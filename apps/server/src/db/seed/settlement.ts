import { inArray } from 'drizzle-orm';
import { addDays, dayIn, fromMinor, vatOf } from '@portal/contract';
import { createDiskFileStore, type FileStore } from '../../lib/file-store';
import type { DbOrTx } from '../client';
import { buyInvoiceLines, buyInvoices, buyPaymentInvoices, buyPayments, currencies, storedFiles } from '../schema';
import { simplePdf } from './files';
import type { SeedContext } from './registry';
import { rng } from './random';
import words from './settlement.json' with { type: 'json' };

/**
 * Demo rows of the settlement domain: ~120 invoices and ~40 payments for `demo`, a few of each for
 * `demo2`. Deterministic (a seeded generator), relative to `ctx.now`, written with a handful of
 * multi-row inserts. Invoice PDFs are not made here: the server renders one on its first download
 * and keeps it (rendering with the 6 MB Korean font costs ~100 ms each, ~12 s for 120).
 */

const ITEMS = ['prepayment', 'onCredit', 'consignment', 'fulfillment', 'warehouse', 'copyright'] as const;
const TYPES = ['credit_card', 'check', 'cash', 'remittance'] as const;
/**
 * The demo's words (settlement.json): invoice titles per item in Korean and English, line texts (those that sell books
 * are VAT-exempt on a Korean invoice), depositors and the distributor's employees.
 */
const {
  itemTitles: ITEM_TITLES,
  lineTexts: LINE_TEXTS,
  depositorsKo: DEPOSITORS_KO,
  depositorsEn: DEPOSITORS_EN,
  employees: EMPLOYEES,
} = words;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** The calendar day in Seoul (the business time zone) of a moment. */
const seoulDay = (d: Date) => dayIn(d, 'Asia/Seoul');
/** integer minor units (cents / won×100) → decimal string */
const toMoney = (cents: number) => fromMinor(BigInt(cents));

interface PlanInvoice {
  code: string;
  title: string;
  issuer: 'KOR' | 'USA';
  state: 'P' | 'S';
  item: string;
  currency: 'KRW' | 'USD';
  createdDay: string;
  createdAt: Date;
  dueDate: string;
  lines: {
    description: string;
    qty: number;
    unitCents: number;
    supplyCents: number;
    vatCents: number;
    vatExempt: boolean;
    cents: number;
  }[];
  cents: number;
  payment?: number;
}
interface PlanPayment {
  dName: string;
  dDate: string;
  currency: 'KRW' | 'USD';
  cents: number;
  dType: string;
  dTypeInfo: string;
  dComment: string;
  employeeName: string;
  invoices: number[];
  files: { name: string; extension: string; mime: string; make: () => Promise<Buffer> }[];
}

function planInvoices(companyIdx: number, count: number, today: string, seed: number, usdOnly = false): PlanInvoice[] {
  const r = rng(seed);
  const out: PlanInvoice[] = [];
  for (let n = 0; n < count; n++) {
    const createdDay = addDays(today, -Math.floor(((count - n) / count) * 360) - Math.floor(r() * 3));
    const item = ITEMS[n % ITEMS.length]!;
    const issuer = usdOnly || n % 3 === 2 ? 'USA' : 'KOR';
    const currency = issuer === 'USA' ? 'USD' : 'KRW';
    const lines = Array.from({ length: 1 + Math.floor(r() * 4) }, () => {
      const qty = 1 + Math.floor(r() * 40);
      // KRW in whole won, USD with cents
      const unitCents = currency === 'KRW' ? (5_000 + Math.floor(r() * 30_000)) * 100 : 500 + Math.floor(r() * 4_000);
      const text = Math.floor(r() * LINE_TEXTS.length);
      // as on a Korean tax invoice: the unit price is the supply value, VAT 10 % on top (the contract's vatOf: rounded to the currency's minor unit), none on
      // books (VAT-exempt in Korea); USA-issued invoices carry no VAT
      const supplyCents = qty * unitCents;
      const vatExempt = issuer === 'KOR' && LINE_TEXTS[text]!.vatExempt;
      const vatCents = issuer === 'KOR' && !vatExempt ? Number(vatOf(BigInt(supplyCents), currency)) : 0;
      return { description: LINE_TEXTS[text]!.text, qty, unitCents, supplyCents, vatCents, vatExempt, cents: supplyCents + vatCents };
    });
    const { ko, en } = ITEM_TITLES[item];
    const hh = 9 + Math.floor(r() * 9);
    out.push({
      code: `BI${createdDay.replaceAll('-', '')}-${companyIdx}${pad(n + 1, 4)}`,
      title: `${createdDay.slice(0, 7)} ${issuer === 'KOR' ? ko : en}`,
      issuer,
      state: r() < 0.7 ? 'S' : 'P',
      item,
      currency,
      createdDay,
      createdAt: new Date(`${createdDay}T${pad(hh)}:${pad(Math.floor(r() * 60))}:00+09:00`),
      dueDate: addDays(createdDay, 30),
      lines,
      cents: lines.reduce((s, l) => s + l.cents, 0),
    });
  }
  return out;
}

/** Payments cover runs of 1–4 same-currency invoices; the newest ones and a few others stay unpaid. */
function planPayments(invoices: PlanInvoice[], count: number, today: string, seed: number, depositors = DEPOSITORS_KO): PlanPayment[] {
  const r = rng(seed);
  const payments: PlanPayment[] = [];
  const byCurrency = { KRW: [] as number[], USD: [] as number[] };
  const payable = Math.floor(invoices.length * 0.8);
  invoices.forEach((inv, i) => {
    if (i < payable && r() > 0.1) byCurrency[inv.currency].push(i);
  });
  const queues = [byCurrency.KRW, byCurrency.USD];
  for (let p = 0; p < count; p++) {
    const queue = queues[p % 3 === 2 ? 1 : 0]!.length ? queues[p % 3 === 2 ? 1 : 0]! : queues[0]!.length ? queues[0]! : queues[1]!;
    if (!queue.length) break;
    const take = p % 5 === 0 ? 3 + Math.floor(r() * 2) : p % 3 === 0 ? 2 : 1;
    const covered = queue.splice(0, take);
    const latest = covered
      .map((i) => invoices[i]!.createdDay)
      .sort()
      .at(-1)!;
    const dDate = [addDays(latest, 3 + Math.floor(r() * 20)), today].sort()[0]!;
    const currency = invoices[covered[0]!]!.currency;
    const cents = covered.reduce((s, i) => s + invoices[i]!.cents, 0);
    const dType = TYPES[p % TYPES.length]!;
    const index = payments.length + 1;
    const files: PlanPayment['files'] = [];
    if (p % 3 === 0) {
      const codes = covered.map((i) => invoices[i]!.code);
      files.push({
        name: `receipt-${pad(index, 3)}`,
        extension: 'pdf',
        mime: 'application/pdf',
        make: () =>
          simplePdf(`Payment receipt #${index}`, [`Deposit date: ${dDate}`, `Amount: ${currency} ${toMoney(cents)}`, ...codes], 'A5'),
      });
      if (p % 2 === 0)
        files.push({
          name: `transfer-note-${pad(index, 3)}`,
          extension: 'txt',
          mime: 'text/plain; charset=utf-8',
          make: async () =>
            Buffer.from(`입금 확인 메모 / Transfer note\n${dDate} ${currency} ${toMoney(cents)}\n${codes.join('\n')}\n`, 'utf8'),
        });
    }
    payments.push({
      dName: depositors[p % depositors.length]!,
      dDate,
      currency,
      cents,
      dType,
      dTypeInfo:
        dType === 'credit_card'
          ? `VISA ****${pad(1000 + Math.floor(r() * 8999), 4)}`
          : dType === 'check'
            ? `No. ${80000000 + p}`
            : dType === 'cash'
              ? ''
              : 'KEB Hana 123-456789-01',
      dComment: p % 4 === 0 ? '분할 입금 없이 일괄 처리 / settled in one transfer' : '',
      employeeName: EMPLOYEES[p % EMPLOYEES.length]!,
      invoices: covered,
      files,
    });
    for (const i of covered) invoices[i]!.payment = payments.length - 1;
  }
  return payments;
}

async function insertPlan(
  db: DbOrTx,
  store: Pick<FileStore, 'newKey' | 'put'>,
  companyIdx: number,
  invoices: PlanInvoice[],
  payments: PlanPayment[],
  currencyIdx: Record<string, number>,
) {
  const paymentIdx = payments.length
    ? (
        await db
          .insert(buyPayments)
          .values(
            payments.map((p) => ({
              companyIdx,
              dName: p.dName,
              dDate: p.dDate,
              currencyIdx: currencyIdx[p.currency]!,
              dPayment: toMoney(p.cents),
              dType: p.dType,
              dTypeInfo: p.dTypeInfo,
              dComment: p.dComment,
              employeeName: p.employeeName,
              createdAt: new Date(`${p.dDate}T15:00:00+09:00`),
            })),
          )
          .returning({ idx: buyPayments.idx })
      ).map((r) => r.idx)
    : [];
  const invoiceIdx = (
    await db
      .insert(buyInvoices)
      .values(
        invoices.map((inv) => ({
          companyIdx,
          code: inv.code,
          title: inv.title,
          issuer: inv.issuer,
          state: inv.state,
          item: inv.item,
          currencyIdx: currencyIdx[inv.currency]!,
          amount: toMoney(inv.cents),
          createdAt: inv.createdAt,
          createdDay: inv.createdDay,
          dueDate: inv.dueDate,
          buyPaymentIdx: inv.payment === undefined ? null : paymentIdx[inv.payment]!,
          updatedAt: inv.createdAt,
        })),
      )
      .returning({ idx: buyInvoices.idx })
  ).map((r) => r.idx);
  await db.insert(buyInvoiceLines).values(
    invoices.flatMap((inv, i) =>
      inv.lines.map((l, n) => ({
        buyInvoiceIdx: invoiceIdx[i]!,
        lineNo: n + 1,
        description: l.description,
        qty: l.qty,
        unitPrice: toMoney(l.unitCents),
        amount: toMoney(l.cents),
        supplyAmount: toMoney(l.supplyCents),
        vatAmount: toMoney(l.vatCents),
        vatExempt: l.vatExempt,
      })),
    ),
  );
  const allocations = payments.flatMap((p, pi) =>
    p.invoices.map((i) => ({ buyPaymentIdx: paymentIdx[pi]!, buyInvoiceIdx: invoiceIdx[i]!, amount: toMoney(invoices[i]!.cents) })),
  );
  if (allocations.length) await db.insert(buyPaymentInvoices).values(allocations);
  const fileRows = await Promise.all(
    payments.flatMap((p, pi) =>
      p.files.map(async (f) => {
        const storageKey = store.newKey('buy_payment', f.extension);
        const { size } = await store.put(storageKey, await f.make());
        return {
          uploadPath: 'buy_payment',
          companyIdx,
          refIdx: paymentIdx[pi]!,
          name: f.name,
          extension: f.extension,
          size,
          mime: f.mime,
          storageKey,
        };
      }),
    ),
  );
  if (fileRows.length) await db.insert(storedFiles).values(fileRows);
}

/** Demo rows of the settlement domain. */
export async function seedSettlement(ctx: SeedContext): Promise<void> {
  const target = ctx.files ?? createDiskFileStore(ctx.filesDir);
  // the rows go in one transaction; the bytes after it, so a file store in the same (single-connection
  // embedded) database never waits for that transaction
  const later: [string, Buffer][] = [];
  const store: Pick<FileStore, 'newKey' | 'put'> = {
    newKey: target.newKey,
    put: async (key, data) => {
      if (!Buffer.isBuffer(data)) throw new Error('seed files are buffers');
      later.push([key, data]);
      return { size: data.length };
    },
  };
  const rows = await ctx.db
    .select({ idx: currencies.idx, name: currencies.name })
    .from(currencies)
    .where(inArray(currencies.name, ['KRW', 'USD']));
  const currencyIdx = Object.fromEntries(rows.map((c) => [c.name.trim(), c.idx]));
  const today = seoulDay(ctx.now);

  const demoInvoices = planInvoices(ctx.demo, 120, today, 20240601);
  const demoPayments = planPayments(demoInvoices, 40, today, 7);
  const demo2Invoices = planInvoices(ctx.demo2, 6, today, 424242, true);
  const demo2Payments = planPayments(demo2Invoices, 2, today, 99, DEPOSITORS_EN);
  await ctx.db.transaction(async (tx) => {
    await insertPlan(tx, store, ctx.demo, demoInvoices, demoPayments, currencyIdx);
    await insertPlan(tx, store, ctx.demo2, demo2Invoices, demo2Payments, currencyIdx);
  });
  for (const [key, bytes] of later) await target.put(key, bytes);
}
