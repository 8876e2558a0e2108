// Schemas of the copyright calls (spec §7): copyright books, royalty lines, their Excel exports.
import { z } from 'zod';
import { RANGE_IN_ORDER, ZDate, ZListResponse, ZMoney, ZPaging, ZYesNo, jsonSearchValue, sortQuery, type TSort } from './common';
import { PAY_TYPES } from './enums';

/** Digits only (an ISBN or its beginning). */
export const ZIsbnDigits = z
  .string()
  .trim()
  .regex(/^\d{1,13}$/, 'ISBN: digits only (at most 13)');

// ── copyright books ────────────────────────────────────────────────────────────────────────────
/** Spec §9: book search key title or ISBN; plus publication date range and pay type. */
export const ZCopyrightBooksFilter = z
  .object({
    searchKey: z.enum(['title', 'isbn']).optional(),
    keyword: z.string().trim().max(200).optional(),
    startDate: ZDate.optional(),
    endDate: ZDate.optional(),
    payType: z.enum(PAY_TYPES).optional(),
  })
  .refine(...RANGE_IN_ORDER)
  .refine((f) => f.searchKey !== 'isbn' || !f.keyword || /^\d{1,13}$/.test(f.keyword), {
    message: 'ISBN: digits only (at most 13)',
    path: ['keyword'],
  });
export type TCopyrightBooksFilter = z.infer<typeof ZCopyrightBooksFilter>;

/**
 * (addition, issue 59) The copyright book list's orders: number (registration order, the spec's default),
 * title and publication date; each served by an index led by the company.
 */
export const COPYRIGHT_BOOK_SORTS = ['no', 'title', 'publication_date'] as const;
export type TCopyrightBookSortKey = (typeof COPYRIGHT_BOOK_SORTS)[number];
export const COPYRIGHT_BOOK_SORT_DEFAULT: TSort<TCopyrightBookSortKey> = { key: 'no', dir: 'asc' };
export const ZCopyrightBooksQuery = ZPaging.extend({
  search_value: jsonSearchValue(ZCopyrightBooksFilter).optional(),
  ...sortQuery(COPYRIGHT_BOOK_SORTS),
});

export const ZCopyrightBookRow = z.object({
  no: z.number().int(),
  idx: z.number().int(),
  img_url: z.string(),
  title: z.string(),
  isbn: z.string(),
  publication_date: z.string(),
  page_count: z.number().int(),
  currency: z.string(),
  currency_icon: z.string(),
  list_price: ZMoney,
  pay_type: z.enum(PAY_TYPES),
  rate: ZMoney,
  created_at: z.string(),
});
export type TCopyrightBookRow = z.infer<typeof ZCopyrightBookRow>;
export const ZCopyrightBooksResponse = ZListResponse(ZCopyrightBookRow);
export type TCopyrightBooksResponse = z.infer<typeof ZCopyrightBooksResponse>;

// ── royalty ────────────────────────────────────────────────────────────────────────────────────
/** search_value of copyright/royalty: created_at date range, isbn, customerName, invoiceYn (calculated). */
export const ZRoyaltyFilter = z
  .object({
    startDate: ZDate.optional(),
    endDate: ZDate.optional(),
    isbn: ZIsbnDigits.optional().or(z.literal('').transform(() => undefined)),
    customerName: z.string().trim().max(200).optional(),
    invoiceYn: ZYesNo.optional().or(z.literal('').transform(() => undefined)),
  })
  .refine(...RANGE_IN_ORDER);
export type TRoyaltyFilter = z.infer<typeof ZRoyaltyFilter>;

/**
 * (addition, issue 59) The royalty list's orders: book title (the spec's default; each book's lines in line order),
 * royalty (then line) and sale date.
 */
export const ROYALTY_SORTS = ['title', 'royalty', 'created_at'] as const;
export type TRoyaltySortKey = (typeof ROYALTY_SORTS)[number];
export const ROYALTY_SORT_DEFAULT: TSort<TRoyaltySortKey> = { key: 'title', dir: 'asc' };
export const ZRoyaltyQuery = ZPaging.extend({ search_value: jsonSearchValue(ZRoyaltyFilter).optional(), ...sortQuery(ROYALTY_SORTS) });

export const ZRoyaltyRow = z.object({
  no: z.number().int(),
  idx: z.number().int(),
  img_url: z.string(),
  title: z.string(),
  isbn: z.string(),
  unit_price: ZMoney,
  currency: z.string(),
  currency_icon: z.string(),
  qty: z.number().int(),
  sample_qty: z.number().int(),
  disuse_qty: z.number().int(),
  /** null when the company's saleInfo_display is N */
  saleInfo: z.string().nullable(),
  customer_name: z.string(),
  /** 3-letter country code of the customer */
  customer_country: z.string(),
  created_at: z.string(),
  buy_invoice_idx: z.number().int().nullable(),
  /**
   * (addition) the code of the invoice the line was settled on, as the invoices tab shows it; null when
   * uncalculated or when the reference is not one of the company's invoices
   */
  buy_invoice_code: z.string().nullable(),
  /** rate of the copyright book, percent */
  rate: ZMoney,
  /** unit_price × qty × rate / 100, rounded to 2 decimals (samples and disused copies earn none) */
  royalty: ZMoney,
});
export type TRoyaltyRow = z.infer<typeof ZRoyaltyRow>;

export const ZRoyaltyTotal = z.object({
  currency: z.string(),
  currency_icon: z.string(),
  cnt: z.number().int(),
  qty: z.number().int(),
  royalty: ZMoney,
});
export type TRoyaltyTotal = z.infer<typeof ZRoyaltyTotal>;

export const ZRoyaltyResponse = ZListResponse(ZRoyaltyRow).extend({
  /** per-currency totals of the whole filtered set (not only the page) */
  totals: z.array(ZRoyaltyTotal),
});
export type TRoyaltyResponse = z.infer<typeof ZRoyaltyResponse>;

/** Royalty calculation status (spec §4): calculated when an invoice reference exists. */
export const royaltyCalculated = (row: { buy_invoice_idx: number | null }) => row.buy_invoice_idx !== null;

// ── exports ────────────────────────────────────────────────────────────────────────────────────
/** (addition) The language of the screen that asks for an export: the workbook's headers and labels are in it. */
export const EXPORT_LANGS = ['en', 'ko', 'es', 'zh', 'ja'] as const;
export const ZExportLang = z.enum(EXPORT_LANGS);
export type TExportLang = z.infer<typeof ZExportLang>;

/** (addition) The file formats of every list export: a spreadsheet (default) or CSV. */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The body of a list export: the list's search_value, the screen's language (headers and labels), xlsx
 * (default) or csv, and optionally the download's name (letters, digits, spaces, dots, dashes, underscores:
 * no path; its extension that of the format).
 */
export const exportBody = <S extends z.ZodType>(searchValue: S) =>
  z
    .object({
      fileName: z
        .string()
        .trim()
        .max(100)
        .regex(/^[\p{L}\p{N} ._()-]+\.(xlsx|csv)$/u, 'fileName must end in .xlsx or .csv and hold no path')
        .optional(),
      search_value: searchValue.optional(),
      /** (addition) default en */
      lang: ZExportLang.optional(),
      /** (addition) default xlsx */
      format: z.enum(EXPORT_FORMATS).optional(),
    })
    .refine((b) => !b.fileName || b.fileName.endsWith(`.${b.format ?? 'xlsx'}`), {
      message: 'fileName must end in the extension of the format',
      path: ['fileName'],
    });

const searchObject = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === undefined || v === null || v === '' ? {} : v), s);

export const ZExportRoyaltyBody = exportBody(searchObject(ZRoyaltyFilter));
export type TExportRoyaltyBody = z.input<typeof ZExportRoyaltyBody>;

export const ZExportBooksBody = exportBody(searchObject(ZCopyrightBooksFilter));
export type TExportBooksBody = z.input<typeof ZExportBooksBody>;

/** Default download names, without the extension (that of the format): Royalty.xlsx (spec §9), Royalty.csv, CopyrightBooks.xlsx, … */
export const ROYALTY_EXPORT_BASE_NAME = 'Royalty';
export const BOOKS_EXPORT_BASE_NAME = 'CopyrightBooks';
export const exportFileName = (base: string, format: TExportFormat = 'xlsx') => `${base}.${format}`;
