import { SALE_INFO_CHANNELS, isbn13CheckDigit, type TSaleInfoChannel } from '@portal/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';
import { buyInvoices, copyrightBooks, lineRoyalty, royaltyCustomers, royaltyLines } from '../schema';
import type { SeedContext } from './registry';
import { rng } from './random';

/** A valid ISBN-13 from a 12-digit stem (Korean prefix 979-11). */
export const isbn13 = (stem12: string) => stem12 + isbn13CheckDigit(stem12);

/** Cover served by our own server (GET /api/copyright/cover/:isbn.svg): works offline. */
export const coverUrl = (isbn: string) => `/api/copyright/cover/${isbn}.svg`;

const KO_TITLES = [
  '채식주의자',
  '소년이 온다',
  '82년생 김지영',
  '아몬드',
  '불편한 편의점',
  '달러구트 꿈 백화점',
  '미드나잇 라이브러리 해설',
  '나미야 잡화점의 기적 읽기',
  '파친코 이야기',
  '작별하지 않는다',
  '흰',
  '어린 왕자와 서울',
  '한국 현대시 선집',
  '서울의 골목길',
  '조선의 과학자들',
  '한글의 탄생',
  '밤의 여행자들',
  '우리가 빛의 속도로 갈 수 없다면',
  '지구 끝의 온실',
  '페스트 다시 읽기',
  '바다가 들리는 편의점',
  '종의 기원 읽기',
  '지적 대화를 위한 넓고 얕은 지식',
  '역사의 쓸모',
  '공부의 위로',
  '마음의 지도',
  '제주 바람 일기',
  '부산 항구 이야기',
  '초록 고양이',
  '별 헤는 밤 시집',
];
const EN_TITLES = [
  'The Silent Harbor',
  'Letters from Jeju',
  'A Short History of Hangul',
  'Seoul After Dark',
  'The Ginkgo Tree',
  'Learning Korean Step by Step',
  'Kimchi and Other Stories',
  'The Last Ferry to Busan',
  'Mountains of Gangwon',
  'Modern Korean Poetry',
  'The Tea Merchant',
  'Songs of the DMZ',
  'A Guide to Hanok Houses',
  'The Paper Crane',
  'Under the Persimmon Tree',
  'The Librarian of Insadong',
  'Winter in Pyeongchang',
  'Korean Cooking at Home',
  'The Art of Celadon',
  'River of Stars',
  'Business Korean Essentials',
  'The Clockmaker of Daegu',
  'Footsteps on the Han',
  'Night Market Tales',
  'The Lantern Festival',
  'Data Science in Practice',
  'Designing Web APIs',
  'Quiet Streets',
  'The Island Doctor',
  'Blue Ink',
];

/** Customers of the distributor, with 3-letter countries (issue 7 reads them for global top sales). */
export const DEMO_CUSTOMERS: { name: string; country: string; currency: 'KRW' | 'USD' | 'JPY' }[] = [
  { name: '교보문고 (Kyobo Book Centre)', country: 'KOR', currency: 'KRW' },
  { name: '예스24 (YES24)', country: 'KOR', currency: 'KRW' },
  { name: '알라딘 (Aladin)', country: 'KOR', currency: 'KRW' },
  { name: '영풍문고 (Youngpoong)', country: 'KOR', currency: 'KRW' },
  { name: 'Kinokuniya Shinjuku', country: 'JPN', currency: 'JPY' },
  { name: 'Maruzen Junkudo', country: 'JPN', currency: 'JPY' },
  { name: 'Tsutaya Books', country: 'JPN', currency: 'JPY' },
  { name: 'Barnes & Noble', country: 'USA', currency: 'USD' },
  { name: "Powell's Books", country: 'USA', currency: 'USD' },
  { name: 'Strand Book Store', country: 'USA', currency: 'USD' },
  { name: 'Indigo Books', country: 'CAN', currency: 'USD' },
  { name: 'Waterstones', country: 'GBR', currency: 'USD' },
  { name: 'Foyles', country: 'GBR', currency: 'USD' },
  { name: 'Dussmann das KulturKaufhaus', country: 'DEU', currency: 'USD' },
  { name: 'Shakespeare and Company', country: 'FRA', currency: 'USD' },
  { name: 'Casa del Libro', country: 'ESP', currency: 'USD' },
  { name: 'Libreria Feltrinelli', country: 'ITA', currency: 'USD' },
  { name: 'Dymocks', country: 'AUS', currency: 'USD' },
  { name: 'Whitcoulls', country: 'NZL', currency: 'USD' },
  { name: 'Kinokuniya Singapore', country: 'SGP', currency: 'USD' },
  { name: 'Eslite Bookstore', country: 'TWN', currency: 'USD' },
  { name: 'Commercial Press HK', country: 'HKG', currency: 'USD' },
  { name: 'Xinhua Bookstore', country: 'CHN', currency: 'USD' },
  { name: 'Fahasa', country: 'VNM', currency: 'USD' },
  { name: 'Asia Books', country: 'THA', currency: 'USD' },
  { name: 'Fully Booked', country: 'PHL', currency: 'USD' },
  { name: 'Gramedia', country: 'IDN', currency: 'USD' },
  { name: 'Livraria Cultura', country: 'BRA', currency: 'USD' },
  { name: 'Gandhi Librerías', country: 'MEX', currency: 'USD' },
  { name: 'El Ateneo Grand Splendid', country: 'ARG', currency: 'USD' },
];

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
