import { SALE_INFO_CHANNELS, isbn13CheckDigit, type TSaleInfoChannel } from '@portal/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';
import { buyInvoices, copyrightBooks, lineRoyalty, royaltyCustomers, royaltyLines } from '../schema';
import type { SeedContext } from './registry';
import { rng } from './random';
import words from './copyright.json' with { type: 'json' };

/** A valid ISBN-13 from a 12-digit stem (Korean prefix 979-11). */
export const isbn13 = (stem12: string) => stem12 + isbn13CheckDigit(stem12);

/** Cover served by our own server (GET /api/copyright/cover/:isbn.svg): works offline. */
export const coverUrl = (isbn: string) => `/api/copyright/cover/${isbn}.svg`;

/** The demo's copyright books' titles, Korean and English (copyright.json). */
const { koTitles: KO_TITLES, enTitles: EN_TITLES } = words;

/** Customers of the distributor, with 3-letter countries (issue 7 reads them for global top sales; copyright.json). */
export const DEMO_CUSTOMERS = words.customers as { name: string; country: string; currency: 'KRW' | 'USD' | 'JPY' }[];

const SALE_INFO = Object.keys(SALE_INFO_CHANNELS) as TSaleInfoChannel[];
const RATES = ['5.00', '7.50', '8.00', '10.00', '12.50', '15.00'];

async function upsertCustomers(db: DbOrTx) {
  await db
    .insert(royaltyCustomers)
    .values(DEMO_CUSTOMERS.map(({ name, country }) => ({ name, country })))
    .onConflictDoNothing();
  const found = await db
    .select({ idx: royaltyCustomers.idx, name: royaltyCustomers.name })
    .from(royaltyCustomers)
    .where(
      inArray(
        royaltyCustomers.name,
        DEMO_CUSTOMERS.map((c) => c.name),
      ),
    );
  const byName = new Map(found.map((c) => [c.name, c.idx]));
  return DEMO_CUSTOMERS.map((c) => ({ ...c, idx: byName.get(c.name)! }));
}

/**
 * The invoice a line sold on `day` is settled on: the company's first copyright invoice (else any
 * invoice) of that day or later, else its latest; null when the company has no invoice. So a line
 * only ever references an invoice of its own company, one the invoices tab shows.
 */
async function settlingInvoice(db: DbOrTx, companyIdx: number) {
  const all = await db
    .select({ idx: buyInvoices.idx, day: buyInvoices.createdDay, item: buyInvoices.item })
    .from(buyInvoices)
    .where(eq(buyInvoices.companyIdx, companyIdx))
    .orderBy(asc(buyInvoices.createdDay), asc(buyInvoices.idx));
  const copyright = all.filter((i) => i.item === 'copyright');
  const pool = copyright.length > 0 ? copyright : all;
  return (day: string): number | null => {
    if (pool.length === 0) return null;
    return (pool.find((i) => i.day >= day) ?? pool[pool.length - 1]!).idx;
  };
}

/**
 * Books and royalty lines for one company: `books` books (half Korean, half English titles) and
 * `lines` lines spread over the last 18 months; lines older than three months are mostly
 * calculated, each on the company's next copyright invoice (settlement seeds first), recent ones
 * uncalculated.
 */
export async function seedCompanyCopyright(
  db: DbOrTx,
  opts: { companyIdx: number; now: Date; books: number; lines: number; seed: number; stemBase: number },
) {
  const rand = rng(opts.seed);
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;
  const day = 86_400_000;
  const bookValues = Array.from({ length: opts.books }, (_, i) => {
    const korean = i % 2 === 0;
    const titles = korean ? KO_TITLES : EN_TITLES;
    const title = titles[Math.floor(i / 2) % titles.length]! + (i >= 60 ? ` ${Math.floor(i / 60) + 1}` : '');
    const isbn = isbn13(`97911${String(opts.stemBase + i).padStart(7, '0')}`);
    const currency = korean ? 'KRW' : pick(['USD', 'USD', 'JPY'] as const);
    const listPrice =
      currency === 'KRW'
        ? `${(12 + Math.floor(rand() * 24)) * 1000}.00`
        : currency === 'JPY'
          ? `${(12 + Math.floor(rand() * 30)) * 100}.00`
          : `${9 + Math.floor(rand() * 30)}.${pick(['00', '50', '95', '99'])}`;
    const published = new Date(opts.now.getTime() - Math.floor(rand() * 365 * 6) * day);
    return {
      companyIdx: opts.companyIdx,
      imgUrl: coverUrl(isbn),
      title,
      isbn,
      publicationDate: published.toISOString().slice(0, 10),
      pageCount: 120 + Math.floor(rand() * 400),
      listPrice,
      currency,
      payType: rand() < 0.6 ? 'sale' : 'net',
      rate: pick(RATES),
      createdAt: new Date(published.getTime() + 30 * day),
    };
  });
  const books = await db
    .insert(copyrightBooks)
    .values(bookValues)
    .returning({ idx: copyrightBooks.idx, listPrice: copyrightBooks.listPrice, currency: copyrightBooks.currency });
  const customers = await upsertCustomers(db);
  const invoiceFor = await settlingInvoice(db, opts.companyIdx);
  const span = 548; // about 18 months
  const lines: PgInsertValue<typeof royaltyLines>[] = [];
  for (let i = 0; i < opts.lines; i++) {
    const book = books[Math.floor(rand() * books.length)]!;
    const customer = customers[Math.floor(rand() * customers.length)]!;
    const ageDays = Math.floor(rand() * span);
    const created = new Date(opts.now.getTime() - ageDays * day - Math.floor(rand() * day));
    // a customer pays in its currency: convert the book's price roughly, kept to 2 decimals
    const base = Number(book.listPrice);
    const factor =
      book.currency === customer.currency
        ? 1
        : customer.currency === 'KRW'
          ? book.currency === 'USD'
            ? 1350
            : 9
          : customer.currency === 'JPY'
            ? book.currency === 'USD'
              ? 150
              : 0.11
            : book.currency === 'KRW'
              ? 1 / 1350
              : 1 / 150;
    const discount = 0.6 + rand() * 0.3;
    const unit = Math.max(0.01, base * factor * discount);
    const unitPrice = customer.currency === 'USD' ? unit.toFixed(2) : `${Math.round(unit)}.00`;
    const calculated = ageDays > 90 ? rand() < 0.9 : ageDays > 45 ? rand() < 0.3 : false;
    const qty = 1 + Math.floor(rand() * 40);
    lines.push({
      companyIdx: opts.companyIdx,
      bookIdx: book.idx,
      customerIdx: customer.idx,
      unitPrice,
      currency: customer.currency,
      qty,
      royalty: lineRoyalty({ bookIdx: book.idx, unitPrice, qty }),
      sampleQty: rand() < 0.15 ? 1 + Math.floor(rand() * 3) : 0,
      disuseQty: rand() < 0.06 ? 1 + Math.floor(rand() * 2) : 0,
      saleInfo: pick(SALE_INFO),
      createdAt: created,
      // the day in Seoul (the business time zone), as the invoices' created_day
      buyInvoiceIdx: calculated ? invoiceFor(new Date(created.getTime() + 9 * 3600_000).toISOString().slice(0, 10)) : null,
    });
  }
  for (let i = 0; i < lines.length; i += 1000) await db.insert(royaltyLines).values(lines.slice(i, i + 1000));
}

/** Demo rows of the copyright domain: demo 60 books / 5,000 lines; demo2 a few. */
export async function seedCopyright(ctx: SeedContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await seedCompanyCopyright(tx, { companyIdx: ctx.demo, now: ctx.now, books: 60, lines: 5000, seed: 42, stemBase: 1000 });
    await seedCompanyCopyright(tx, { companyIdx: ctx.demo2, now: ctx.now, books: 4, lines: 24, seed: 7, stemBase: 5000 });
  });
}
