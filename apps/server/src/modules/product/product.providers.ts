import pLimit from 'p-limit';
import type { TBook, TBookSource } from '@portal/contract';
import type { BookProviderConfig } from '../../config';

/** A book found by a provider, in our field names (spec §3 Book). */
export type FoundBook = TBook;

/** One source of bibliographic data: answers the ISBNs it knows; throws ProviderError when it cannot answer. */
export interface BookProvider {
  readonly name: TBookSource;
  lookup(isbns: string[]): Promise<Map<string, FoundBook>>;
}

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(`${provider}: ${message}`);
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const digits = (v: unknown) => str(v).replace(/[^\d]/g, '');

/** 'YYYYMMDD', 'YYYY-MM-DD' or 'YYYY.MM.DD' → 'YYYY-MM-DD'; anything else → ''. */
export function toIsoDate(v: unknown): string {
  const d = digits(v);
  if (d.length !== 8) return '';
  const iso = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
  const t = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== iso ? '' : iso;
}

/** '15,000원' → '15000'; '' when there is no amount. */
const toPrice = (v: unknown) => {
  const d = digits(v).replace(/^0+(?=\d)/, '');
  return d && d.length <= 12 ? d : '0';
};
/** '320 p.' / 320 → 320; null when unknown. */
const toPage = (v: unknown) => {
  const m = /\d+/.exec(str(v));
  const n = m ? Number(m[0]) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 100_000 ? n : null;
};
const toUrl = (v: unknown) => {
  const s = str(v);
  return /^https?:\/\/\S+$/i.test(s) && s.length <= 1000 ? s : '';
};

async function fetchJson(provider: string, url: URL, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  } catch (e) {
    const name = (e as Error).name;
    throw new ProviderError(provider, name === 'TimeoutError' || name === 'AbortError' ? `timeout after ${timeoutMs} ms` : 'unreachable');
  }
  if (!res.ok) throw new ProviderError(provider, `HTTP ${res.status}`);
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError(provider, 'answer is not JSON');
  }
}

/**
 * A provider asked once per ISBN, four at a time (the first failure rejects): `query` names the URL's
 * parameters, `pick` reads a book out of the parsed answer (undefined: not found; throws ProviderError).
 */
function perIsbnProvider(
  name: 'nlk' | 'aladin',
  cfg: BookProviderConfig,
  query: (isbn: string) => Record<string, string>,
  pick: (body: Record<string, unknown>, isbn: string) => Omit<FoundBook, 'isbn13'> | undefined,
): BookProvider {
  return {
    name,
    async lookup(isbns) {
      const found = new Map<string, FoundBook>();
      const limit = pLimit(4);
      await Promise.all(
        isbns.map((isbn) =>
          limit(async () => {
            const url = new URL(cfg.baseUrl);
            for (const [k, v] of Object.entries(query(isbn))) url.searchParams.set(k, v);
            const body = await fetchJson(name, url, cfg.timeoutMs);
            if (!body || typeof body !== 'object') throw new ProviderError(name, 'unexpected answer');
            const book = pick(body as Record<string, unknown>, isbn);
            if (book) found.set(isbn, { isbn13: isbn, ...book });
          }),
        ),
      );
      return found;
    },
  };
}

/**
 * National Library of Korea, ISBN bibliographic (seoji) API:
 * GET SearchApi.do?cert_key&result_style=json&page_no=1&page_size=1&isbn=…
 * → { TOTAL_COUNT, PAGE_NO, docs: [{ TITLE, AUTHOR, PUBLISHER, EA_ISBN, PUBLISH_PREDATE (YYYYMMDD),
 * PRE_PRICE, PAGE, TITLE_URL, … }] }. Errors answer { RESULT: 'ERROR', ERR_CODE, ERR_MESSAGE }.
 */
export const nlkProvider = (cfg: BookProviderConfig) =>
  perIsbnProvider(
    'nlk',
    cfg,
    (isbn) => ({ cert_key: cfg.key, result_style: 'json', page_no: '1', page_size: '1', isbn }),
    (body, isbn) => {
      if (body.RESULT === 'ERROR' || body.ERR_CODE !== undefined)
        throw new ProviderError('nlk', `error ${str(body.ERR_CODE)} ${str(body.ERR_MESSAGE)}`);
      const docs = Array.isArray(body.docs) ? (body.docs as Record<string, unknown>[]) : [];
      const doc = docs.find((d) => digits(d.EA_ISBN) === isbn) ?? (Number(str(body.TOTAL_COUNT)) > 0 ? docs[0] : undefined);
      if (!doc || !str(doc.TITLE)) return undefined;
      return {
        title: [str(doc.TITLE), str(doc.VOL)].filter(Boolean).join(' ').slice(0, 300),
        author: str(doc.AUTHOR).slice(0, 300),
        pub_nm: str(doc.PUBLISHER).slice(0, 200),
        pub_date: toIsoDate(doc.PUBLISH_PREDATE) || toIsoDate(doc.REAL_PUBLISH_DATE),
        list_price: toPrice(doc.PRE_PRICE),
        PAGE: toPage(doc.PAGE),
        cover_s_url: toUrl(doc.TITLE_URL),
      };
    },
  );

/**
 * Aladin Open API ItemLookUp: GET ItemLookUp.aspx?ttbkey&itemIdType=ISBN13&ItemId=…&output=js&Version=20131101
 * → { item: [{ title, author, publisher, pubDate (YYYY-MM-DD), isbn13, priceStandard, cover,
 * subInfo: { itemPage } }] }. Errors answer { errorCode, errorMessage }; errorCode 8 (no such item)
 * is taken as "not found".
 */
export const aladinProvider = (cfg: BookProviderConfig) =>
  perIsbnProvider(
    'aladin',
    cfg,
    (isbn) => ({ ttbkey: cfg.key, itemIdType: 'ISBN13', ItemId: isbn, output: 'js', Version: '20131101', OptResult: 'subInfo' }),
    (body, isbn) => {
      if (body.errorCode !== undefined) {
        if (Number(body.errorCode) === 8) return undefined;
        throw new ProviderError('aladin', `error ${str(body.errorCode)} ${str(body.errorMessage)}`);
      }
      const items = Array.isArray(body.item) ? (body.item as Record<string, unknown>[]) : [];
      const item = items.find((d) => digits(d.isbn13) === isbn) ?? items[0];
      if (!item || !str(item.title)) return undefined;
      return {
        title: str(item.title).slice(0, 300),
        author: str(item.author).slice(0, 300),
        pub_nm: str(item.publisher).slice(0, 200),
        pub_date: toIsoDate(item.pubDate),
        list_price: toPrice(item.priceStandard),
        PAGE: toPage(((item.subInfo ?? {}) as Record<string, unknown>).itemPage),
        cover_s_url: toUrl(item.cover),
      };
    },
  );

export function externalProvider(cfg: BookProviderConfig | undefined): BookProvider | undefined {
  if (!cfg) return undefined;
  return cfg.kind === 'nlk' ? nlkProvider(cfg) : aladinProvider(cfg);
}
