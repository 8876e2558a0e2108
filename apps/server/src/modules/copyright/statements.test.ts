import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRoyaltyResponse, TStatementList } from '@portal/contract';
import { copyrightBooks, lineRoyalty, mailOutbox, royaltyCustomers, royaltyLines } from '../../db/schema';
import { isbn13 } from '../../db/seed/copyright';
import { createDiskFileStore } from '../../lib/file-store';
import { createTestApp, type TestContext } from '../../test/helper';
import type { TestCompany } from '../../test/factories';
import { insertInvoices, insertPayment } from '../settlement/settlement.factories';
import { createStatementsService, parsePeriod, previousPeriod } from './statements.service';

const DB = process.env.TEST_DB ?? 'pglite';
const ISSUER = {
  name: '(주)북유통',
  registrationNumber: '123-45-67890',
  representative: '정하늘',
  address: '서울특별시 마포구 월드컵북로 1',
  businessType: '도매 및 소매업',
  businessItem: '서적 도매',
  contact: '02-123-4567',
  bank: { name: '', account: '', holder: '', swift: '' },
};

let t: TestContext;
let ko: TestCompany;
let us: TestCompany;
let jp: TestCompany;
let tokenKo: string;
let tokenUs: string;
let service: ReturnType<typeof createStatementsService>;
let bookIdx: Record<string, number>;
let customer: number;

const q = (o: object) => encodeURIComponent(JSON.stringify(o));
const get = (token: string, url: string) => t.inject(token, { method: 'GET', url });
const statements = async (token: string) => {
  const res = await get(token, '/api/copyright/statements?start=0&length=100');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TStatementList>();
};
const pdfText = async (token: string, path: string) => {
  const res = await get(token, `/api${path}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const { extractText } = await import('unpdf');
  return { res, text: (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text };
};
/** a royalty line at a Seoul wall-clock time */
const line = (companyIdx: number, book: string, seoul: string, o: Partial<typeof royaltyLines.$inferInsert> = {}) => {
  const v = {
    companyIdx,
    bookIdx: bookIdx[book]!,
    customerIdx: customer,
    unitPrice: '15000.00',
    currency: 'KRW',
    qty: 1,
    createdAt: new Date(`${seoul}+09:00`),
    ...o,
  };
  return { ...v, royalty: lineRoyalty(v) };
};

beforeAll(async () => {
  t = await createTestApp({ issuer: ISSUER });
  t.clock.set('2026-11-03T01:00:00Z');
  ko = await t.createCompany({ companyName: '도서출판 가나다', country: 'KOR', email: 'ko@example.com' });
  us = await t.createCompany({ companyName: 'Harbor Press', country: 'USA', email: 'us@example.com' });
  jp = await t.createCompany({ companyName: '東京書房', country: 'JPN', email: 'jp@example.com' });
  tokenKo = await t.login(ko.id, ko.password);
  tokenUs = await t.login(us.id, us.password);
  const [c] = await t.db.insert(royaltyCustomers).values({ name: 'Statement Kyobo', country: 'KOR' }).returning();
  customer = c!.idx;
  const book = (companyIdx: number, title: string, stem: string, rate: string) => ({
    companyIdx,
    title,
    isbn: isbn13(stem),
    rate,
    payType: 'sale',
    publicationDate: '2024-05-01',
    listPrice: '15000.00',
    currency: 'KRW',
  });
  const books = await t.db
    .insert(copyrightBooks)
    .values([
      book(ko.idx, '채식주의자', '979110000101', '10.00'),
      book(ko.idx, '소년이 온다', '979110000102', '7.50'),
      book(ko.idx, '작별하지 않는다', '979110000103', '8.00'),
      book(us.idx, 'The Silent Harbor', '979110000201', '12.50'),
      book(jp.idx, '東京の本', '979110000301', '10.00'),
    ])
    .returning();
  bookIdx = Object.fromEntries(books.map((b) => [b.title, b.idx]));
  const [inv] = await insertInvoices(t.db, ko.idx, [{ code: 'BI20261020-KO001', item: 'copyright', day: '2026-10-20' }]);
  await insertPayment(t.db, ko.idx, [inv!], { dDate: '2026-10-25', amount: inv!.amount });
  await t.db.insert(royaltyLines).values([
    // October 2026 in Seoul: the first minute counts, November's first minute does not
    line(ko.idx, '채식주의자', '2026-10-01T00:00:30', { qty: 3, sampleQty: 2, buyInvoiceIdx: inv!.idx }), // 4500.00, settled
    line(ko.idx, '채식주의자', '2026-10-15T12:00:00', { unitPrice: '13500.00', qty: 2, disuseQty: 1 }), // 2700.00
    line(ko.idx, '소년이 온다', '2026-10-31T23:59:59', { unitPrice: '12345.67', qty: 3 }), // 2777.78
    line(ko.idx, '소년이 온다', '2026-10-10T09:00:00', { unitPrice: '19.99', qty: 7, currency: 'USD' }), // 17.49 (USD statement)
    line(ko.idx, '작별하지 않는다', '2026-11-01T00:00:00', { qty: 100 }), // November: not in October's statement
    line(ko.idx, '작별하지 않는다', '2026-09-30T23:59:59', { qty: 2 }), // September, unsettled: the opening balance (2400.00)
    line(us.idx, 'The Silent Harbor', '2026-10-05T10:00:00', { unitPrice: '20.00', qty: 4, currency: 'USD' }), // 10.00
    line(jp.idx, '東京の本', '2026-10-06T10:00:00', { unitPrice: '1500.00', qty: 2, currency: 'JPY' }), // 300.00
  ]);
  service = createStatementsService({
    db: t.db,
    files: createDiskFileStore(t.config.filesDir),
    timeZone: 'Asia/Seoul',
    issuer: ISSUER,
    now: () => new Date('2026-11-03T01:00:00Z'),
    mail: { publicUrl: 'https://portal.example' },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('statement periods', () => {
  it('are a month or a quarter as STATEMENT_PERIOD says, with their first and last day', () => {
    expect(parsePeriod('2026-10', 'month')).toEqual({ period: '2026-10', start: '2026-10-01', end: '2026-10-31' });
    expect(parsePeriod('2028-02', 'month').end).toBe('2028-02-29');
    expect(parsePeriod('2026-Q4', 'quarter')).toEqual({ period: '2026-Q4', start: '2026-10-01', end: '2026-12-31' });
    for (const [bad, kind] of [
      ['2026-13', 'month'],
      ['2026-Q4', 'month'],
      ['2026-10', 'quarter'],
      ['26-10', 'month'],
    ] as const)
      expect(() => parsePeriod(bad, kind), bad).toThrow(/not a (month|quarter)/);
    expect(previousPeriod(new Date('2026-01-01T00:30:00+09:00'), 'month', 'Asia/Seoul')).toBe('2025-12');
    expect(previousPeriod(new Date('2026-11-03T00:00:00Z'), 'quarter', 'Asia/Seoul')).toBe('2026-Q3');
  });
});

describe(`royalty statements (${DB})`, () => {
  it('issues one per company and currency with lines in the period, in the company language', async () => {
    const r = await service.issue('2026-10');
    expect(r.issued.map((s) => [s.companyIdx, s.currency, s.version, s.lang])).toEqual([
      [ko.idx, 'KRW', 1, 'ko'],
      [ko.idx, 'USD', 1, 'ko'],
      [us.idx, 'USD', 1, 'en'],
      [jp.idx, 'JPY', 1, 'ja'],
    ]);
    expect(r.issued[0]!.number).toBe(`RS-202610-${String(ko.idx).padStart(6, '0')}-KRW-v1`);
    // one "statements ready" mail per company and period, naming each statement's number and currency, in its language
    const mails = await t.db
      .select({ companyIdx: mailOutbox.companyIdx, locale: mailOutbox.locale, subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'statement_ready'));
    expect(mails.map((m) => [m.companyIdx, m.locale]).sort()).toEqual(
      [
        [ko.idx, 'ko'],
        [us.idx, 'en'],
        [jp.idx, 'ja'],
      ].sort(),
    );
    const koMail = mails.find((m) => m.companyIdx === ko.idx)!;
    expect(koMail.subject).toBe('2026-10 인세 정산서가 준비되었습니다');
    for (const s of r.issued.filter((x) => x.companyIdx === ko.idx)) expect(koMail.text).toContain(`${s.number} (${s.currency})`);
    expect(r.lines).toBe(6);
    expect(r.unchanged).toBe(0);
  });

  it("lists the company's own statements with totals equal to the royalty list's for the period", async () => {
    const list = await statements(tokenKo);
    expect(list.total_cnt).toBe(2);
    expect(list.dataset.map((s) => s.currency)).toEqual(['KRW', 'USD']);
    const res = await get(
      tokenKo,
      `/api/copyright/royalty?start=0&length=100&search_value=${q({ startDate: '2026-10-01', endDate: '2026-10-31' })}`,
    );
    const royalty = res.json<TRoyaltyResponse>();
    for (const s of list.dataset) {
      const total = royalty.totals.find((x) => x.currency === s.currency)!;
      expect({ cnt: s.line_cnt, qty: s.qty, royalty: s.royalty }).toEqual({ cnt: total.cnt, qty: total.qty, royalty: total.royalty });
    }
    const krw = list.dataset[0]!;
    expect(krw).toMatchObject({
      royalty: '9977.78',
      settled: '4500.00',
      opening_balance: '2400.00',
      closing_balance: '7877.78',
      period: '2026-10',
    });
    expect((await statements(tokenUs)).dataset.map((s) => s.currency)).toEqual(['USD']);
  });

  it('the PDF (Korean) shows the company name, every book of the period, the totals and the invoice it was settled on', async () => {
    const krw = (await statements(tokenKo)).dataset[0]!;
    const { res, text } = await pdfText(tokenKo, krw.pdf);
    expect(res.headers['content-disposition']).toContain(`filename="${krw.number}.pdf"`);
    for (const s of [
      '인세 정산서',
      krw.number,
      '도서출판 가나다',
      '(주)북유통',
      '123-45-67890',
      '채식주의자',
      '소년이 온다',
      '2026-10-01 – 2026-10-31',
    ])
      expect(text, s).toContain(s);
    // totals: the royalty list's (9,977.78), per book 7,200.00 (two prices) and 2,777.78; opening 2,400.00; closing 7,877.78
    for (const s of ['9,977.78', '7,200.00', '2,777.78', '4,500.00', '2,400.00', '7,877.78']) expect(text, s).toContain(s);
    // what is payable: the closing balance in whole won, the rounding shown (as the list says)
    expect(text.replace(/\s+/g, ' ')).toMatch(/기말 잔액 \(미정산\) 7,877\.78 통화 단위 반올림 0\.22 지급액 ₩7,878/);
    expect(krw).toMatchObject({ payable: '7878.00', rounding: '0.22' });
    // ISBNs hyphenated as on the screens; every column heading says what it holds (currency of money columns)
    expect(text).toContain('979-11-');
    for (const h of [
      '도서 (제목, ISBN)',
      '단가 (KRW)',
      '내역 수',
      '판매 부수',
      '인세율 (%)',
      '인세 (KRW)',
      '항목',
      '금액 (KRW)',
      '결제 상태',
    ])
      expect(text.replace(/\s+/g, ' '), h).toContain(h);
    expect(text).toContain('BI20261020-KO001');
    expect(text).toContain('2026-10-25 결제 완료');
    // November's book is not in October's statement
    expect(text).not.toContain('작별하지 않는다');
  });

  it('is in English for a US company and in Japanese for a Japanese one', async () => {
    const { text } = await pdfText(tokenUs, (await statements(tokenUs)).dataset[0]!.pdf);
    for (const s of ['Royalty statement', 'Harbor Press', 'The Silent Harbor', '10.00', 'No line of this period is settled'])
      expect(text, s).toContain(s);
    const tokenJp = await t.login(jp.id, jp.password);
    const jpList = await statements(tokenJp);
    const { text: ja } = await pdfText(tokenJp, jpList.dataset[0]!.pdf);
    for (const s of ['印税計算書', '東京書房', '東京の本', '300.00']) expect(ja, s).toContain(s);
  });

  it("another company's statement is not found", async () => {
    const krw = (await statements(tokenKo)).dataset[0]!;
    const res = await get(tokenUs, `/api${krw.pdf}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get(tokenUs, '/api/copyright/statements/abc/pdf')).statusCode).toBe(400);
  });

  it('issuing again issues nothing; a change in the period issues a new version and keeps the old one as it was', async () => {
    const before = (await statements(tokenKo)).dataset;
    const v1 = await pdfText(tokenKo, before[0]!.pdf);
    const again = await service.issue('2026-10');
    expect(again.issued).toEqual([]);
    expect(again.unchanged).toBe(4);

    await t.db.insert(royaltyLines).values(line(ko.idx, '작별하지 않는다', '2026-10-20T10:00:00', { qty: 1, unitPrice: '10000.00' })); // 800.00
    const corrected = await service.issue('2026-10', { companyIdx: ko.idx });
    expect(corrected.issued.map((s) => [s.currency, s.version, s.number])).toEqual([
      ['KRW', 2, `RS-202610-${String(ko.idx).padStart(6, '0')}-KRW-v2`],
    ]);
    expect(corrected.unchanged).toBe(1);
    const after = (await statements(tokenKo)).dataset;
    expect(after.map((s) => [s.currency, s.version])).toEqual([
      ['KRW', 2],
      ['KRW', 1],
      ['USD', 1],
    ]);
    expect(after[0]!.royalty).toBe('10777.78');
    const v2 = await pdfText(tokenKo, after[0]!.pdf);
    expect(v2.text).toContain('작별하지 않는다');
    expect(v2.text).toContain('버전 1 대체');
    // the first version is as it was issued
    const v1again = await pdfText(tokenKo, after[1]!.pdf);
    expect(v1again.res.rawPayload.equals(v1.res.rawPayload)).toBe(true);
  });

  it('the issue date is the business day in the business time zone, on the PDF and in the list alike', async () => {
    // 01:30 in Seoul on 3 November is still 2 November in UTC
    const late = createStatementsService({
      db: t.db,
      files: createDiskFileStore(t.config.filesDir),
      timeZone: 'Asia/Seoul',
      issuer: ISSUER,
      now: () => new Date('2026-11-02T16:30:00Z'),
    });
    await t.db
      .insert(royaltyLines)
      .values(line(jp.idx, '東京の本', '2026-10-07T10:00:00', { unitPrice: '1500.00', qty: 1, currency: 'JPY' }));
    const r = await late.issue('2026-10', { companyIdx: jp.idx });
    expect(r.issued.map((s) => s.version)).toEqual([2]);
    const tokenJp = await t.login(jp.id, jp.password);
    const newest = (await statements(tokenJp)).dataset[0]!;
    expect(newest.issued_at.slice(0, 10)).toBe('2026-11-02');
    expect(newest.issued_on).toBe('2026-11-03');
    const { text } = await pdfText(tokenJp, newest.pdf);
    expect(text.replace(/\s+/g, ' ')).toContain('発行日 2026-11-03');
    // ¥450.00 of royalty in whole yen: nothing to round
    expect(newest).toMatchObject({ royalty: '450.00', payable: '450.00', rounding: '0.00' });
  });

  it('an issued statement cannot be changed in the database', async () => {
    await expect(t.db.execute(sql`update royalty_statements set royalty = 0 where company_idx = ${ko.idx}`)).rejects.toThrow();
    const list = await statements(tokenKo);
    expect(list.dataset.find((s) => s.version === 1 && s.currency === 'KRW')!.royalty).toBe('9977.78');
  });
});
