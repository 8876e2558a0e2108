import { ZBookInput, type TBookInput, type TBookLookupRow } from '@portal/contract';

/**
 * How a row came out of the lookup: found by a provider; not found, so the user fills it in by hand
 * (title required, the rest optional, the same rules as a found row); or already registered by the
 * company, flagged during the review and not sent again.
 */
export type RowStatus = 'found' | 'manual' | 'registered';

/** A looked-up book as the review table edits it: every field is text until saved. */
export interface EditRow {
  status: RowStatus;
  isbn13: string;
  title: string;
  author: string;
  pub_nm: string;
  pub_date: string;
  list_price: string;
  PAGE: string;
  cover_s_url: string;
}

/** i18n keys of the problems of one row, per field. */
export type RowErrors = Partial<Record<Exclude<keyof EditRow, 'status'>, string>>;

export const toEditRow = (b: TBookLookupRow): EditRow => ({
  status: b.registered ? 'registered' : b.found ? 'found' : 'manual',
  isbn13: b.isbn13,
  title: b.title,
  author: b.author,
  pub_nm: b.pub_nm,
  pub_date: b.pub_date,
  list_price: b.list_price.replace(/\.00$/, ''),
  PAGE: b.PAGE === null ? '' : String(b.PAGE),
  cover_s_url: b.cover_s_url,
});

const MESSAGES: RowErrors = {
  title: 'errors.title',
  author: 'errors.text',
  pub_nm: 'errors.text',
  pub_date: 'errors.date',
  list_price: 'errors.price',
  PAGE: 'errors.pages',
  cover_s_url: 'errors.text',
};

/**
 * The rows of the review in the order the user works through them: those to fill in by hand first,
 * then the others in sheet order (the lookup answers in sheet order).
 */
export const reviewRows = (answers: TBookLookupRow[]): EditRow[] => {
  const rows = answers.map(toEditRow);
  return [...rows.filter((r) => r.status === 'manual'), ...rows.filter((r) => r.status !== 'manual')];
};

/** The payload row, or the problems found with the same rules the server applies (ZBookInput). */
export function toPayload(r: EditRow): { ok: true; value: TBookInput } | { ok: false; errors: RowErrors } {
  const pageText = r.PAGE.replace(/[,\s]/g, '');
  const errors: RowErrors = {};
  if (pageText !== '' && !/^\d{1,6}$/.test(pageText)) errors.PAGE = MESSAGES.PAGE;
  const value: TBookInput = {
    isbn13: r.isbn13,
    title: r.title,
    author: r.author,
    pub_nm: r.pub_nm,
    pub_date: r.pub_date.trim(),
    list_price: r.list_price.replace(/[,\s]/g, '') || '0',
    PAGE: pageText === '' || errors.PAGE ? null : Number(pageText),
    cover_s_url: r.cover_s_url,
  };
  const parsed = ZBookInput.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const f = issue.path[0] as keyof RowErrors;
      errors[f] = MESSAGES[f] ?? 'errors.text';
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}
