import { isbn13CheckDigit } from '@portal/contract';
import type { DbOrTx } from '../client';
import { bookCatalogue, companyBooks } from '../schema';
import type { SeedContext } from './registry';
import { rng } from './random';
import words from './product.json' with { type: 'json' };

// Demo rows of the product domain: a catalogue of plausible Korean books (valid 979-11 / 978-89
// ISBN-13s, fictional publishers and authors) and a few books already registered by the demo company.

/**
 * The catalogue's words (product.json): fictional publishers with a 4-digit publisher code under the Korean ISBN
 * groups, authors' surnames and given names, and the title patterns' subjects, nouns and adjectives.
 */
const { publishers: PUBLISHERS, surnames: SURNAMES, given: GIVEN, subjects: SUBJECTS, nouns: NOUNS, adjectives: ADJ } = words;

const PATTERNS: ((r: () => number) => string)[] = [
  (r) => `${pick(ADJ, r)} ${pick(NOUNS, r)}`,
  (r) => `${pick(NOUNS, r)}의 ${pick(NOUNS, r)}`,
  (r) => `처음 만나는 ${pick(SUBJECTS, r)}`,
  (r) => `${pick(SUBJECTS, r)} 수업`,
  (r) => `${1 + Math.floor(r() * 30)}일 만에 끝내는 ${pick(SUBJECTS, r)}`,
  (r) => `${pick(NOUNS, r)}에게 보내는 ${pick(NOUNS, r)}`,
  (r) => `${pick(SUBJECTS, r)}의 모든 것`,
  (r) => `우리가 ${pick(NOUNS, r)}을 사랑한 방법`,
  (r) => `${pick(ADJ, r)} ${pick(NOUNS, r)} 이야기`,
  (r) => `어른을 위한 ${pick(SUBJECTS, r)}`,
  (r) => `${pick(NOUNS, r)} 너머의 ${pick(NOUNS, r)}`,
  (r) => `하루 한 장 ${pick(SUBJECTS, r)}`,
];

function pick<T>(list: T[], r: () => number): T {
  return list[Math.floor(r() * list.length)]!;
}

export interface CatalogueRow {
  isbn13: string;
  title: string;
  author: string;
  pubNm: string;
  pubDate: string;
  listPrice: string;
  page: number;
  coverSUrl: string;
}

/** The ISBN of title number `n` (0–999) of publisher `p`. */
export function catalogueIsbn(p: number, n: number): string {
  const { prefix, code } = PUBLISHERS[p % PUBLISHERS.length]!;
  const first12 = `${prefix}${code}${String(n).padStart(3, '0')}`;
  return first12 + isbn13CheckDigit(first12);
}

/**
 * Catalogue books number `from` to `to - 1`, spread over the publishers (book i is title
 * floor(i / publishers) of publisher i % publishers), so the first N are a varied sample.
 */
export function catalogueBooks(from: number, to: number): CatalogueRow[] {
  const rows: CatalogueRow[] = [];
  for (let i = from; i < to; i++) {
    const p = i % PUBLISHERS.length;
    const n = Math.floor(i / PUBLISHERS.length);
    if (n > 999) break;
    const r = rng(i * 7919 + 17);
    const isbn13 = catalogueIsbn(p, n);
    const authors =
      r() < 0.2 ? `${pick(SURNAMES, r)}${pick(GIVEN, r)}, ${pick(SURNAMES, r)}${pick(GIVEN, r)}` : `${pick(SURNAMES, r)}${pick(GIVEN, r)}`;
    const year = 2012 + Math.floor(r() * 14);
    const month = 1 + Math.floor(r() * 12);
    const day = 1 + Math.floor(r() * 28);
    rows.push({
      isbn13,
      title: pick(PATTERNS, r)(r),
      author: authors,
      pubNm: PUBLISHERS[p]!.name,
      pubDate: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      listPrice: String(9800 + Math.floor(r() * 57) * 500),
      page: 96 + Math.floor(r() * 34) * 16,
      coverSUrl: `/api/product/cover/${isbn13}`,
    });
  }
  return rows;
}

/** Size of the demo catalogue (issue 8: at least 500 titles). */
export const DEMO_CATALOGUE_SIZE = 600;

/** Adds catalogue books [from, to) in chunks; existing ISBNs are left alone. */
export async function seedCatalogue(db: DbOrTx, from = 0, to = DEMO_CATALOGUE_SIZE) {
  const rows = catalogueBooks(from, to);
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(bookCatalogue)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }
  return rows.length;
}

export async function seedProduct(ctx: SeedContext): Promise<void> {
  await seedCatalogue(ctx.db);
  // a few books the demo company registered earlier: a new upload reports them as already registered
  const day = 24 * 3600_000;
  const registered = catalogueBooks(0, 8).map((b, i) => ({
    companyIdx: ctx.demo,
    isbn13: b.isbn13,
    title: b.title,
    author: b.author,
    pubNm: b.pubNm,
    pubDate: b.pubDate,
    listPrice: b.listPrice,
    page: b.page,
    coverSUrl: b.coverSUrl,
    createdAt: new Date(ctx.now.getTime() - (40 - i * 4) * day),
  }));
  await ctx.db.insert(companyBooks).values(registered).onConflictDoNothing();
}
