import { z } from 'zod';
import { ZDate, ZListResponse, ZPaging, jsonSearchValue, sortQuery, type TSort } from './common';

// Schemas of the product calls (spec §7 "Bulk books") and the ISBN rules shared by browser and server.

/** Spec §9: the upload file name. */
export const BOOKS_FILE_NAME = 'books.xlsx';
/** ISBNs per lookup call (issue 8: at most 100 a call). */
export const LOOKUP_BATCH_SIZE = 100;
/** Most ISBNs one file may hold ('Maximum number allowed is {number}', spec §5). */
export const MAX_UPLOAD_ISBNS = 5000;
/** Refused before inflating: the file itself, and the declared inflated size of the workbook. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_INFLATED_BYTES = 50 * 1024 * 1024;
/** Largest declared inflate ratio of any zip entry (real sheets stay well below 30). */
export const MAX_INFLATE_RATIO = 100;

// ---------------------------------------------------------------- ISBN rules

/** Check digit of an ISBN-13 from its first 12 digits (weights 1,3,1,3…, mod 10). */
export function isbn13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

/** Check character of an ISBN-10 from its first 9 digits (weights 10…2, mod 11; 10 is X). */
export function isbn10CheckChar(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * (10 - i);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}

export function isValidIsbn13(s: string): boolean {
  return /^97[89]\d{10}$/.test(s) && isbn13CheckDigit(s.slice(0, 12)) === s[12];
}

export function isValidIsbn10(s: string): boolean {
  return /^\d{9}[\dX]$/.test(s) && isbn10CheckChar(s.slice(0, 9)) === s[9];
}

/** ISBN-10 → ISBN-13 (prefix 978, new check digit). The input must be a valid ISBN-10. */
export function isbn10To13(isbn10: string): string {
  const first12 = `978${isbn10.slice(0, 9)}`;
  return first12 + isbn13CheckDigit(first12);
}

export type IsbnProblem = 'empty' | 'format' | 'prefix' | 'checksum';
export type NormalisedIsbn = { ok: true; isbn13: string } | { ok: false; problem: IsbnProblem };

/**
 * One spreadsheet cell as an ISBN-13. Handles what real sheets hold: numbers (Excel stores
 * 9791234567890 as a number, and drops the leading zero of an ISBN-10 like 0306406152), text with
 * hyphens, spaces or an "ISBN" label, ISBN-10 (converted), lower-case x.
 */
export function normaliseIsbn(value: unknown): NormalisedIsbn {
  if (value === null || value === undefined) return { ok: false, problem: 'empty' };
  let s: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || !Number.isInteger(value) || value < 0) return { ok: false, problem: 'format' };
    s = value.toFixed(0);
    // a number cannot keep a leading zero: 9 digits is an ISBN-10 starting with 0
    if (s.length === 9) s = `0${s}`;
  } else if (typeof value === 'string') {
    s = value;
  } else return { ok: false, problem: 'format' };
  if (s.trim() === '') return { ok: false, problem: 'empty' };
  s = s
    .normalize('NFKC')
    .replace(/^\s*ISBN(?:-1[03])?\s*:?\s*/i, '')
    .replace(/[\s\u00a0\u2010-\u2015\-‐.]/g, '')
    .toUpperCase();
  if (s === '') return { ok: false, problem: 'format' };
  if (/^\d{9}[\dX]$/.test(s)) return isValidIsbn10(s) ? { ok: true, isbn13: isbn10To13(s) } : { ok: false, problem: 'checksum' };
  if (!/^\d{13}$/.test(s)) return { ok: false, problem: 'format' };
  if (!/^97[89]/.test(s)) return { ok: false, problem: 'prefix' };
  if (isbn13CheckDigit(s.slice(0, 12)) !== s[12]) return { ok: false, problem: 'checksum' };
  return { ok: true, isbn13: s };
}

export interface IsbnCell {
  /** 1-based spreadsheet row */
  row: number;
  value: unknown;
}
export interface InvalidIsbnRow {
  row: number;
  value: string;
  problem: IsbnProblem;
}
export interface IsbnColumn {
  /** unique valid ISBN-13s, in sheet order, with the row they were first seen on */
  valid: { row: number; isbn13: string }[];
  invalid: InvalidIsbnRow[];
  /** rows whose ISBN repeats an earlier row */
  duplicates: { row: number; isbn13: string; firstRow: number }[];
  /** the header row that was skipped, if any */
  headerRow?: number;
  blankRows: number;
}

const looksLikeHeader = (value: unknown) =>
  typeof value === 'string' &&
  /[A-Za-z\u3131-\uD79D\u3040-\u30ff\u4e00-\u9fff]/.test(value.replace(/isbn/i, 'x')) &&
  !/^\s*ISBN(?:-1[03])?\s*:?\s*[\d-]{9,}/i.test(value);

/**
 * The first column of the first sheet as ISBNs: a leading text header is skipped, blanks are
 * counted, duplicates kept once, and rows that are no ISBN listed with their row number and reason.
 */
export function classifyIsbnColumn(cells: IsbnCell[]): IsbnColumn {
  const out: IsbnColumn = { valid: [], invalid: [], duplicates: [], blankRows: 0 };
  const seen = new Map<string, number>();
  let first = true;
  for (const { row, value } of cells) {
    const n = normaliseIsbn(value);
    if (!n.ok && n.problem === 'empty') {
      out.blankRows++;
      continue;
    }
    if (first) {
      first = false;
      if (!n.ok && looksLikeHeader(value)) {
        out.headerRow = row;
        continue;
      }
    }
    if (!n.ok) {
      out.invalid.push({ row, value: String(value).slice(0, 100), problem: n.problem });
      continue;
    }
    const firstRow = seen.get(n.isbn13);
    if (firstRow !== undefined) out.duplicates.push({ row, isbn13: n.isbn13, firstRow });
    else {
      seen.set(n.isbn13, row);
      out.valid.push({ row, isbn13: n.isbn13 });
    }
  }
  return out;
}

// ---------------------------------------------------------------- calls

export const ZIsbn13 = z.string().refine(isValidIsbn13, { message: 'not a valid ISBN-13 (978/979 and check digit)' });

/** GET product/excelApiBookInfo?isbns=a,b,c: 1 to 100 comma-separated ISBNs. */
export const ZBookLookupQuery = z.object({
  isbns: z
    .string()
    .max(LOOKUP_BATCH_SIZE * 20)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(ZIsbn13).min(1).max(LOOKUP_BATCH_SIZE)),
});
export type TBookLookupQuery = z.input<typeof ZBookLookupQuery>;

/** Where a looked-up book came from: the company's registered books, its copyright books, our catalogue, an external provider. */
export const BOOK_SOURCES = ['registered', 'copyright', 'catalogue', 'nlk', 'aladin'] as const;
export const ZBookSource = z.enum(BOOK_SOURCES);
export type TBookSource = z.infer<typeof ZBookSource>;

/** Spec §3 Book (Excel import). Prices are decimal strings (money is never a float). */
export const ZBook = z.object({
  isbn13: z.string(),
  cover_s_url: z.string(),
  title: z.string(),
  /** YYYY-MM-DD or '' when unknown */
  pub_date: z.string(),
  list_price: z.string(),
  author: z.string(),
  pub_nm: z.string(),
  PAGE: z.number().int().nullable(),
});
export type TBook = z.infer<typeof ZBook>;

/**
 * One answer per asked ISBN, in the order asked: not-found ones are marked, never dropped (the
 * review lets the user fill them in by hand). `registered`: the asking company already registered
 * this ISBN, so the review can flag it before saving; a registered ISBN that no provider knows is
 * answered with what the company registered.
 */
export const ZBookLookupRow = ZBook.extend({
  found: z.boolean(),
  source: ZBookSource.nullable(),
  registered: z.boolean(),
});
export type TBookLookupRow = z.infer<typeof ZBookLookupRow>;
export const ZBookLookupResponse = z.array(ZBookLookupRow);

export const ZListPrice = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, { message: 'an amount of at most 12 digits and 2 decimals' });

/** Single-line text without control characters (PostgreSQL refuses NUL; tabs and newlines have no place in a title). */
const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { message: 'control characters are not allowed' });

/** One row of POST product/booksExcel {data}: what the review table lets the user edit. */
export const ZBookInput = z.object({
  isbn13: ZIsbn13,
  title: line(300).refine((s) => s.length > 0, { message: 'required' }),
  author: line(300).default(''),
  pub_nm: line(200).default(''),
  pub_date: z.union([ZDate, z.literal('')]).default(''),
  list_price: ZListPrice.default('0'),
  PAGE: z.number().int().min(0).max(100_000).nullable().default(null),
  /** '' , an http(s) address from a provider, or our generated cover */
  cover_s_url: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ }).max(1000), z.string().regex(/^\/api\/product\/cover\/\d{13}$/)])
    .default(''),
});
export type TBookInput = z.input<typeof ZBookInput>;
export type TValidBook = z.output<typeof ZBookInput>;

export const ZBooksExcelBody = z.object({
  data: z
    .array(ZBookInput)
    .min(1)
    .max(MAX_UPLOAD_ISBNS)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((r, i) => {
        if (seen.has(r.isbn13)) ctx.addIssue({ code: 'custom', path: [i, 'isbn13'], message: 'duplicate ISBN in this upload' });
        seen.add(r.isbn13);
      });
    }),
});
export type TBooksExcelBody = z.input<typeof ZBooksExcelBody>;

export const ZBooksExcelResponse = z.object({
  status: z.literal('success'),
  /** rows stored */
  saved: z.number().int(),
  /** ISBNs the company had already registered: reported, not stored twice */
  duplicates: z.array(z.string()),
});
export type TBooksExcelResponse = z.infer<typeof ZBooksExcelResponse>;

/** /products/booksList search (spec §9: book search key is title or ISBN) plus a registration-date range. */
export const ZBooksListFilter = z.object({
  searchKey: z.enum(['title', 'isbn']).default('title'),
  keyword: z.string().trim().max(100).default(''),
  startDate: ZDate.optional(),
  endDate: ZDate.optional(),
});
export type TBooksListFilter = z.infer<typeof ZBooksListFilter>;

/** (addition, issue 59) The registered books' orders: registration time (the default, newest first) and title. */
export const BOOKS_LIST_SORTS = ['created_at', 'title'] as const;
export type TBooksListSortKey = (typeof BOOKS_LIST_SORTS)[number];
export const BOOKS_LIST_SORT_DEFAULT: TSort<TBooksListSortKey> = { key: 'created_at', dir: 'desc' };
export const ZBooksListQuery = ZPaging.extend({ search_value: jsonSearchValue(ZBooksListFilter), ...sortQuery(BOOKS_LIST_SORTS) });

export const ZRegisteredBook = ZBook.extend({
  idx: z.number().int(),
  no: z.number().int(),
  created_at: z.string(),
  /** currency of list_price (currencies.name, e.g. KRW) and its icon */
  currency: z.string(),
  currency_icon: z.string(),
});
export type TRegisteredBook = z.infer<typeof ZRegisteredBook>;
export const ZBooksListResponse = ZListResponse(ZRegisteredBook);
export type TBooksListResponse = z.infer<typeof ZBooksListResponse>;
