import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isbn13CheckDigit, type TBookLookupRow } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogueBooks, seedCatalogue } from '../../db/seed/product';
import { createTestApp, type TestContext } from '../../test/helper';
import { aladinProvider, nlkProvider, ProviderError, toIsoDate } from './product.providers';

/**
 * A local stand-in for the National Library of Korea seoji API and Aladin ItemLookUp, answering in
 * their formats. `mode` switches it between normal answers, errors and silence (timeout).
 */
type Mode = 'ok' | 'http500' | 'apiError' | 'timeout' | 'notJson';
const stub = { mode: 'ok' as Mode, calls: [] as URL[], server: undefined as Server | undefined, url: '' };

const ext = (n: number) => {
  const first12 = `97912${String(n).padStart(7, '0')}`;
  return first12 + isbn13CheckDigit(first12);
};
/** the provider knows these; everything else is "not found" */
const KNOWN: Record<
  string,
  { title: string; author: string; publisher: string; date: string; price: string; page: string; cover: string }
> = {
  [ext(1)]: {
    title: '외부 도서관의 책',
    author: '홍길동 지음',
    publisher: '국립출판',
    date: '20210315',
    price: '15,000',
    page: '320 p.',
    cover: 'https://cover.example/1.jpg',
  },
  [ext(2)]: { title: '두 번째 책', author: '김철수', publisher: '알라딘북스', date: '20190101', price: '22000', page: '128', cover: '' },
};

function answer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://stub');
  stub.calls.push(url);
  if (stub.mode === 'timeout') return; // never answers
  if (stub.mode === 'http500') return res.writeHead(500).end('Internal Server Error');
  if (stub.mode === 'notJson') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
  res.setHeader('content-type', 'application/json; charset=utf-8');
  if (url.pathname.endsWith('SearchApi.do')) {
    if (stub.mode === 'apiError' || url.searchParams.get('cert_key') !== 'nlk-key')
      return res.end(JSON.stringify({ RESULT: 'ERROR', ERR_CODE: '010', ERR_MESSAGE: '인증키 오류' }));
    const isbn = url.searchParams.get('isbn') ?? '';
    const k = KNOWN[isbn];
    const docs = k
      ? [
          {
            TITLE: k.title,
            VOL: '',
            AUTHOR: k.author,
            PUBLISHER: k.publisher,
            EA_ISBN: isbn,
            PUBLISH_PREDATE: k.date,
            PRE_PRICE: k.price,
            PAGE: k.page,
            TITLE_URL: k.cover,
            SET_ISBN: '',
            SUBJECT: '8',
          },
        ]
      : [];
    return res.end(JSON.stringify({ PAGE_NO: '1', TOTAL_COUNT: String(docs.length), docs }));
  }
  if (url.pathname.endsWith('ItemLookUp.aspx')) {
    if (stub.mode === 'apiError' || url.searchParams.get('ttbkey') !== 'ttb-key')
      return res.end(JSON.stringify({ errorCode: 100, errorMessage: '잘못된 TTBKey 입니다.' }));
    const isbn = url.searchParams.get('ItemId') ?? '';
    const k = KNOWN[isbn];
    if (!k) return res.end(JSON.stringify({ errorCode: 8, errorMessage: '존재하지 않는 상품입니다.' }));
    const d = k.date;
    return res.end(
      JSON.stringify({
        version: '20131101',
        title: `알라딘 상품정보 - ${k.title}`,
        totalResults: 1,
        item: [
          {
            title: k.title,
            author: `${k.author} (지은이)`,
            pubDate: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`,
            isbn: isbn.slice(3),
            isbn13: isbn,
            priceStandard: Number(k.price.replace(/,/g, '')),
            cover: k.cover,
            publisher: k.publisher,
            subInfo: { itemPage: Number(k.page.replace(/\D/g, '')) },
          },
        ],
      }),
    );
  }
  res.writeHead(404).end();
}

// providers wait 2 s for the stub: 300 ms timed out now and then on a loaded machine (a 503 where 200 was due)
let t: TestContext;
let token: string;

beforeAll(async () => {
  stub.server = createServer(answer);
  await new Promise<void>((r) => stub.server!.listen(0, '127.0.0.1', r));
  stub.url = `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}`;
  t = await createTestApp({
    bookProvider: { kind: 'nlk', key: 'nlk-key', baseUrl: `${stub.url}/seoji/SearchApi.do`, timeoutMs: 2000 },
  });
  await seedCatalogue(t.db, 0, 50);
  await t.createCompany({ id: 'prov', password: 'prov-pass' });
  token = await t.login('prov', 'prov-pass');
});
afterAll(async () => {
  await t.close();
  stub.server?.closeAllConnections();
  await new Promise((r) => stub.server!.close(r));
});
beforeEach(() => {
  stub.mode = 'ok';
  stub.calls = [];
});

const lookup = (isbns: string[]) => t.inject(token, { method: 'GET', url: `/api/product/excelApiBookInfo?isbns=${isbns.join(',')}` });
const own = catalogueBooks(0, 3).map((c) => c.isbn13);

describe(`external provider: NLK seoji through the API (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('asks the provider only for what the catalogue lacks, and maps its fields to ours', async () => {
    const res = await lookup([own[0]!, ext(1), ext(3), own[1]!]);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as TBookLookupRow[];
    expect(rows.map((r) => [r.isbn13, r.found, r.source])).toEqual([
      [own[0], true, 'catalogue'],
      [ext(1), true, 'nlk'],
      [ext(3), false, null],
      [own[1], true, 'catalogue'],
    ]);
    expect(rows[1]).toMatchObject({
      title: '외부 도서관의 책',
      author: '홍길동 지음',
      pub_nm: '국립출판',
      pub_date: '2021-03-15',
      list_price: '15000',
      PAGE: 320,
      cover_s_url: 'https://cover.example/1.jpg',
    });
    expect(stub.calls.map((u) => u.searchParams.get('isbn')).sort()).toEqual([ext(1), ext(3)].sort());
    expect(stub.calls[0]!.searchParams.get('cert_key')).toBe('nlk-key');
    expect(stub.calls[0]!.searchParams.get('result_style')).toBe('json');
  });

  it('does not call the provider when the catalogue has everything', async () => {
    expect((await lookup(own)).statusCode).toBe(200);
    expect(stub.calls).toHaveLength(0);
  });

  for (const mode of ['http500', 'apiError', 'notJson', 'timeout'] as const) {
    it(`answers 503 SERVICE_UNAVAILABLE when the provider fails (${mode})`, async () => {
      stub.mode = mode;
      const res = await lookup([own[0]!, ext(1)]);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('SERVICE_UNAVAILABLE');
    });
  }
});

describe('external provider: Aladin ItemLookUp against the stub', () => {
  const cfg = () => ({ kind: 'aladin' as const, key: 'ttb-key', baseUrl: `${stub.url}/ttb/api/ItemLookUp.aspx`, timeoutMs: 2000 });

  it('maps a found item and leaves a not-found one out', async () => {
    const found = await aladinProvider(cfg()).lookup([ext(2), ext(9)]);
    expect([...found.keys()]).toEqual([ext(2)]);
    expect(found.get(ext(2))).toEqual({
      isbn13: ext(2),
      title: '두 번째 책',
      author: '김철수 (지은이)',
      pub_nm: '알라딘북스',
      pub_date: '2019-01-01',
      list_price: '22000',
      PAGE: 128,
      cover_s_url: '',
    });
    const q = stub.calls[0]!.searchParams;
    expect([q.get('itemIdType'), q.get('output'), q.get('Version')]).toEqual(['ISBN13', 'js', '20131101']);
  });

  it('throws ProviderError on a wrong key, an HTTP error and a timeout', async () => {
    await expect(aladinProvider({ ...cfg(), key: 'wrong' }).lookup([ext(2)])).rejects.toBeInstanceOf(ProviderError);
    stub.mode = 'http500';
    await expect(aladinProvider(cfg()).lookup([ext(2)])).rejects.toThrow(/HTTP 500/);
    stub.mode = 'timeout';
    const t0 = Date.now();
    await expect(aladinProvider(cfg()).lookup([ext(2)])).rejects.toThrow(/timeout/);
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('NLK provider alone: wrong key is an error, unknown ISBN is simply absent', async () => {
    const nlk = nlkProvider({ kind: 'nlk', key: 'nlk-key', baseUrl: `${stub.url}/seoji/SearchApi.do`, timeoutMs: 2000 });
    expect((await nlk.lookup([ext(5)])).size).toBe(0);
    await expect(
      nlkProvider({ kind: 'nlk', key: 'x', baseUrl: `${stub.url}/seoji/SearchApi.do`, timeoutMs: 2000 }).lookup([ext(1)]),
    ).rejects.toThrow(/010/);
  });

  it('dates: YYYYMMDD and YYYY-MM-DD read, impossible ones dropped', () => {
    expect(toIsoDate('20210315')).toBe('2021-03-15');
    expect(toIsoDate('2021-03-15')).toBe('2021-03-15');
    expect(toIsoDate('20210231')).toBe('');
    expect(toIsoDate('2021')).toBe('');
  });
});
