/**
 * The invoice PDF as a Korean accountant reads it (docs/decisions/tax-documents.md): taxable lines on a
 * 세금계산서, VAT-exempt ones (books) on a 계산서, every field of both forms filled; the fallback title when a
 * field is missing; a commercial invoice in English for a recipient outside Korea; and the same amount
 * string in the PDF, the new-invoice mail and the list (all through formatMoney).
 */
import { eq } from 'drizzle-orm';
import { formatMoney } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ISSUER, DEMO_ISSUER, type IssuerConfig } from '../../config';
import { buyInvoices, mailOutbox } from '../../db/schema';
import { createDiskFileStore } from '../../lib/file-store';
import { notifyInvoiceNew } from './settlement.mail';
import { createTestApp, type TestContext } from '../../test/helper';
import type { TestCompany } from '../../test/factories';
import { insertInvoices, insertPayment } from './settlement.factories';
import { createSettlementService } from './settlement.service';

const DB = process.env.TEST_DB ?? 'pglite';
const ISSUER: IssuerConfig = {
  ...DEMO_ISSUER,
  bank: { name: '신한은행', account: '110-123-456789', holder: '㈜북브릿지', swift: 'SHBKKRSE' },
};

let t: TestContext;
let kor: TestCompany;
let usa: TestCompany;
let token: string;

/** the accountant's invoice: 13 × ₩24,167 taxable (fees), three book lines exempt */
const MIXED = [
  {
    description: '풀필먼트 수수료 (Pick & pack)',
    qty: 13,
    unitPrice: '24167.00',
    supplyAmount: '314171.00',
    vatAmount: '31417.00',
    amount: '345588.00',
  },
  {
    description: '채식주의자 (The Vegetarian)',
    qty: 40,
    unitPrice: '13500.00',
    supplyAmount: '540000.00',
    vatAmount: '0',
    amount: '540000.00',
    vatExempt: true,
  },
  {
    description: '소년이 온다 (Human Acts)',
    qty: 25,
    unitPrice: '14000.00',
    supplyAmount: '350000.00',
    vatAmount: '0',
    amount: '350000.00',
    vatExempt: true,
  },
  {
    description: '82년생 김지영',
    qty: 10,
    unitPrice: '13000.00',
    supplyAmount: '130000.00',
    vatAmount: '0',
    amount: '130000.00',
    vatExempt: true,
  },
];
const MIXED_TOTAL = '1365588.00';

beforeAll(async () => {
  t = await createTestApp({ issuer: ISSUER });
  kor = await t.createCompany({
    companyName: '한빛 출판사',
    country: 'KOR',
    registrationNumber: '220-81-12345',
    firstName: '지은',
    lastName: '김',
    addressLine1: '서울특별시 중구 세종대로 110',
    addressLine2: '3층',
    businessConditions: '출판업',
    item: '도서',
    emailInvoice: 'invoice@hanbit.example',
  });
  usa = await t.createCompany({
    companyName: 'Maple Leaf Books',
    country: 'USA',
    registrationNumber: '94-1234567',
    addressLine1: '350 Fifth Avenue',
    city: 'New York',
    state: 'NY',
    zipcode: '10001',
  });
  token = await t.login(kor.id, kor.password);
  await insertInvoices(t.db, kor.idx, [
    { code: 'TAX-MIXED', issuer: 'KOR', currency: 'KRW', amount: MIXED_TOTAL, day: '2026-11-30', dueDate: '2026-12-31', lines: MIXED },
    { code: 'TAX-PAID', issuer: 'KOR', currency: 'KRW', amount: '345588.00', day: '2026-11-30', lines: [MIXED[0]!] },
  ]);
  await t.db
    .update(buyInvoices)
    .set({ approvalNumber: '20261130-41000000-00012345;20261130-41000000-00012346' })
    .where(eq(buyInvoices.code, 'TAX-MIXED'));
  const [paid] = await t.db.select().from(buyInvoices).where(eq(buyInvoices.code, 'TAX-PAID'));
  await insertPayment(t.db, kor.idx, [{ idx: paid!.idx, amount: '345588.00' }], { amount: '345588.00' });
  await insertInvoices(t.db, usa.idx, [
    {
      code: 'COM-1',
      issuer: 'KOR',
      currency: 'USD',
      amount: '1055.00',
      lines: [
        { description: 'Pachinko, paperback', qty: 100, unitPrice: '10.55', supplyAmount: '1055.00', vatAmount: '0', amount: '1055.00' },
      ],
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

/** The PDF's text per page, spaces collapsed (pdfkit writes a table cell as runs of its own). */
async function pages(pdf: Buffer | Uint8Array): Promise<string[]> {
  const { extractText } = await import('unpdf');
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return text.map((p) => p.replace(/\s+/g, ' '));
}

async function download(code: string, tok = token) {
  const res = await t.inject(tok, {
    method: 'POST',
    url: '/api/common/fileDownload',
    payload: { uploadPath: 'buy_invoice', fileName: `${code}.pdf` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return pages(res.rawPayload);
}

const PARTY = (p: { reg: string; name: string; rep: string; address: string; type: string; item: string }) => [
  p.reg,
  p.name,
  p.rep,
  p.address,
  p.type,
  p.item,
];
const ISSUER_FIELDS = PARTY({
  reg: ISSUER.registrationNumber,
  name: ISSUER.name,
  rep: ISSUER.representative,
  address: ISSUER.address,
  type: ISSUER.businessType,
  item: ISSUER.businessItem,
});
const RECIPIENT_FIELDS = PARTY({
  reg: '220-81-12345',
  name: '한빛 출판사',
  rep: '김지은',
  address: '서울특별시 중구 세종대로 110 3층',
  type: '출판업',
  item: '도서',
});
const FORM_LABELS = [
  '승인번호',
  '공급자',
  '공급받는자',
  '등록번호',
  '상호',
  '성명(대표자)',
  '사업장 주소',
  '업태',
  '종목',
  '작성일자',
  '공급가액',
  '합계금액',
];

describe(`Korean tax documents (${DB})`, () => {
  it('a KOR invoice with taxable and exempt lines prints a 세금계산서 and a 계산서, every field of each form filled', async () => {
    const [tax, exempt, ...more] = await download('TAX-MIXED');
    expect(more).toHaveLength(0);

    // the tax invoice: the taxable line only, with its VAT
    expect(tax).toContain('세금계산서 (공급받는자 보관용)');
    expect(tax).not.toContain('아님');
    for (const label of [...FORM_LABELS, '세액']) expect(tax, label).toContain(label);
    for (const head of ['월', '일', '품목', '규격', '수량', '단가', '공급가액', '세액', '비고']) expect(tax).toContain(head);
    for (const v of [...ISSUER_FIELDS, ...RECIPIENT_FIELDS]) expect(tax, v).toContain(v);
    expect(tax).toContain('20261130-41000000-00012345');
    expect(tax).toContain('2026년 11월 30일');
    expect(tax).toMatch(/11 30 풀필먼트 수수료 \(Pick & pack\) 13 24,167 314,171 31,417/);
    expect(tax).toContain('₩345,588');
    expect(tax).not.toContain('채식주의자');
    // nothing paid yet: claimed
    expect(tax).toContain('이 금액을 청구함');

    // the 계산서: the three book lines, no VAT anywhere
    expect(exempt).toContain('계산서 (공급받는자 보관용)');
    expect(exempt).not.toContain('세금계산서');
    expect(exempt).not.toContain('세액');
    for (const label of FORM_LABELS) expect(exempt, label).toContain(label);
    for (const v of [...ISSUER_FIELDS, ...RECIPIENT_FIELDS]) expect(exempt, v).toContain(v);
    expect(exempt).toContain('20261130-41000000-00012346');
    expect(exempt).toMatch(/11 30 채식주의자 \(The Vegetarian\) 40 13,500 540,000 면세/);
    expect(exempt).toContain('₩1,020,000');
    expect(exempt).not.toContain('풀필먼트');
    expect(exempt).toContain('이 금액을 청구함');
    // the invoice's own total and balance under each document
    expect(exempt).toContain('₩1,365,588');
  });

  it('an invoice paid in full says 영수', async () => {
    const [doc] = await download('TAX-PAID');
    expect(doc).toContain('이 금액을 영수함');
    expect(doc).not.toContain('이 금액을 청구함');
  });

  it('is never titled a tax invoice while a field is missing: it says which', async () => {
    const service = createSettlementService({ db: t.db, files: createDiskFileStore(t.config.filesDir), issuer: DEFAULT_ISSUER });
    await t.db.update(buyInvoices).set({ updatedAt: new Date() }).where(eq(buyInvoices.code, 'TAX-MIXED'));
    const file = await service.invoicePdf(kor.idx, 'TAX-MIXED');
    const [tax, exempt] = await pages((await createDiskFileStore(t.config.filesDir).get(file.storageKey))!);
    expect(tax).toContain('청구서 (세금계산서 아님)');
    expect(tax).not.toContain('세금계산서 (공급받는자');
    expect(tax).toContain('공급자 등록번호, 공급자 성명(대표자), 공급자 사업장 주소, 공급자 업태, 공급자 종목');
    expect(exempt).toContain('청구서 (계산서 아님)');
  });

  it('a recipient outside Korea gets a commercial invoice in English', async () => {
    const [doc, ...more] = await download('COM-1', await t.login(usa.id, usa.password));
    expect(more).toHaveLength(0);
    expect(doc).toContain('COMMERCIAL INVOICE');
    expect(doc).not.toMatch(/세금계산서|계산서|공급/);
    expect(doc).toContain('Maple Leaf Books');
    expect(doc).toContain('$1,055.00');
  });

  it("the new-invoice mail's amount is the PDF's and the list's, all by formatMoney", async () => {
    await t.db.delete(mailOutbox);
    const [inv] = await t.db.select().from(buyInvoices).where(eq(buyInvoices.code, 'TAX-MIXED'));
    await t.db.transaction((tx) => notifyInvoiceNew(tx, { publicUrl: 'https://portal.example' }, inv!.idx));
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.companyIdx, kor.idx));
    // a KOR company's mails are in Korean unless it chose otherwise
    const amount = /금액: (.+)/.exec(mail!.textBody)?.[1];
    const list = await t.inject(token, { method: 'GET', url: '/api/calculate/buyInvoiceSend?start=0&length=10' });
    const row = list
      .json<{ dataset: { code: string; amount: string; currency_name: string }[] }>()
      .dataset.find((r) => r.code === 'TAX-MIXED')!;
    const listed = formatMoney(row.amount, row.currency_name, 'ko', { symbol: true });
    expect(amount).toBe('₩1,365,588');
    expect(listed).toBe(amount);
    const [, exempt] = await download('TAX-MIXED');
    expect(exempt).toContain(amount);
    expect(mail!.textBody).toContain('발행 기한: 2026. 12. 31.');
  });
});
