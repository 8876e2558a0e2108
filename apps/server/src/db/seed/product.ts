import { isbn13CheckDigit } from '@portal/contract';
import type { DbOrTx } from '../client';
import { bookCatalogue, companyBooks } from '../schema';
import type { SeedContext } from './registry';
import { rng } from './random';

// Demo rows of the product domain: a catalogue of plausible Korean books (valid 979-11 / 978-89
// ISBN-13s, fictional publishers and authors) and a few books already registered by the demo company.

/** Fictional publishers with a 4-digit publisher code under the Korean ISBN groups. */
const PUBLISHERS: [name: string, prefix: '97911' | '97889', code: string][] = [
  ['한빛나래', '97911', '5839'],
  ['푸른숲길', '97889', '7044'],
  ['도서출판 새벽별', '97911', '6224'],
  ['문학동산', '97889', '3642'],
  ['바람의서재', '97911', '9170'],
  ['길벗나무', '97889', '6618'],
  ['창작과마을', '97911', '8871'],
  ['은하수북스', '97889', '5921'],
  ['다온출판', '97911', '7340'],
  ['열린책방', '97889', '3291'],
  ['새솔미디어', '97911', '6031'],
  ['해오름출판사', '97889', '8455'],
  ['봄볕아이', '97911', '5512'],
  ['지식마루', '97889', '2716'],
  ['늘품플러스', '97911', '9903'],
  ['가람기획', '97889', '7598'],
  ['모래알', '97911', '6687'],
  ['사계절숲', '97889', '5143'],
  ['한결북스', '97911', '8126'],
  ['책읽는곰돌이', '97889', '9482'],
];

const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권', '황', '안', '송', '류', '홍'];
const GIVEN = [
  '민준',
  '서연',
  '지훈',
  '하은',
  '도윤',
  '수아',
  '예준',
  '지우',
  '시우',
  '서윤',
  '주원',
  '하린',
  '지호',
  '유나',
  '준서',
  '채원',
  '현우',
  '다은',
  '건우',
  '소율',
  '우진',
  '지안',
  '선영',
  '영호',
  '경민',
  '은정',
  '상철',
  '미경',
  '태희',
  '재석',
];
const SUBJECTS = [
  '경제학',
  '심리학',
  '글쓰기',
  '한국사',
  '철학',
  '데이터 분석',
  '파이썬',
  '요리',
  '정원 가꾸기',
  '우주',
  '미술사',
  '클래식 음악',
  '투자',
  '육아',
  '명상',
  '여행',
  '건축',
  '기후 변화',
  '인공지능',
  '수학',
  '영어 회화',
  '마케팅',
  '리더십',
  '세계사',
  '고전 문학',
];
const NOUNS = [
  '바다',
  '별',
  '골목',
  '편지',
  '정원',
  '기억',
  '계절',
  '시간',
  '여름',
  '겨울밤',
  '섬',
  '도시',
  '등대',
  '숲',
  '강',
  '새벽',
  '서점',
  '기차',
  '달빛',
  '바람',
  '고양이',
  '할머니',
  '마을',
  '약속',
  '노래',
];
const ADJ = [
  '조용한',
  '푸른',
  '작은',
  '오래된',
  '따뜻한',
  '눈부신',
  '사라진',
  '낯선',
  '다정한',
  '느린',
  '빛나는',
  '잊혀진',
  '마지막',
  '첫',
  '보이지 않는',
];
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
  const [, prefix, code] = PUBLISHERS[p % PUBLISHERS.length]!;
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
      pubNm: PUBLISHERS[p]![0],
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
