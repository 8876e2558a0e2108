// A ledger to the won (issue 55): balances from the payments covering an invoice (partial payments,
// adjustments), VAT in the currency's minor unit, whole minor units per currency, and limits instead of
// 500s, seen by the company in the list, the detail, the exports, the mails and the dashboard counter.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, CURRENCY_TABLE, dayIn } from '@portal/contract';
import { parse } from 'csv-parse/sync';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, buyInvoiceLines, buyInvoices, buyPaymentInvoices, buyPayments, currencies, mailOutbox } from '../../db/schema';
import { currencyMinorUnitsSql } from '../../db/seed/reference';
import { createOperator, type TestCompany } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helper';
import { importUpload, insertInvoices, insertPayment } from './settlement.factories';

let t: TestContext;
let op: string;
let co: TestCompany;
let token: string;

const DB = process.env.TEST_DB ?? 'pglite';
const INVOICE_HEADER =
  'company_id,code,title,issuer,item,currency,created_day,due_date,state,line_no,description,qty,unit_price,vat_exempt,amount';
const PAYMENT_HEADER =
  'company_id,reference,depositor,deposit_date,currency,amount,type,invoice_code,covered_amount,adjustment,adjustment_reason';

beforeAll(async () => {
  t = await createTestApp();
  const o = await createOperator(t.db);
  op = (await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: o.id, password: o.password } })).json().access_token;
  co = await t.createCompany({ id: 'ledger-books', email: 'office@ledger.example', emailInvoice: 'billing@ledger.example' });
  token = await t.login(co.id, co.password);
});
afterAll(() => t.close());

const importFile = (kind: string, data: string, query = '') => importUpload(t, op, kind, `${kind}.csv`, data, query);
const invoiceRow = (
  code: string,
  currency: string,
  unitPrice: string,
  o: { issuer?: string; qty?: number; due?: string; day?: string } = {},
) =>
  `${co.id},${code},Ledger ${code},${o.issuer ?? 'KOR'},onCredit,${currency},${o.day ?? '2026-10-01'},${o.due ?? '2026-10-31'},S,1,Line,${o.qty ?? 1},${unitPrice},N,`;
const importInvoices = (...rows: string[]) => importFile('invoices', [INVOICE_HEADER, ...rows].join('\n'));
const importPayments = (...rows: string[]) => importFile('payments', [PAYMENT_HEADER, ...rows].join('\n'));

interface Row {
  code: string;
  idx: number;
  amount: string;
  payment_state: string;
  buy_payment_idx: number | null;
  paid_amount: string;
  outstanding_amount: string;
  balance_state: string;
  overdue: boolean;
}
const list = async (): Promise<{ dataset: Row[]; totals: { currency: string; amount: string }[] }> =>
  (await t.inject(token, { method: 'GET', url: '/api/calculate/buyInvoiceSend?start=0&length=100' })).json();
const listed = async (code: string) => (await list()).dataset.find((r) => r.code === code)!;
const detail = async (idx: number) => (await t.inject(token, { method: 'GET', url: `/api/calculate/buyInvoiceSend/${idx}` })).json();
const unpaidCount = async () => (await t.inject(token, { method: 'GET', url: '/api/company/dashboard/unpaidInvoiceCnt' })).json() as number;
const exportCsv = async () => {
  const res = await t.inject(token, { method: 'POST', url: '/api/calculate/exportBuyInvoiceSend', payload: { format: 'csv' } });
  expect(res.statusCode).toBe(200);
  const records = parse(res.rawPayload.toString('utf8'), { bom: true }) as string[][];
  const header = records[0]!;
  return (code: string, column: string) => records.find((r) => r[1] === code)![header.indexOf(column)];
};

/** The invoice PDF's text as the company downloads it (pages joined, spaces collapsed). */
const pdfText = async (code: string) => {
  const res = await t.inject(token, {
    method: 'POST',
    url: '/api/common/fileDownload',
    payload: { uploadPath: 'buy_invoice', fileName: `${code}.pdf` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { extractText } = await import('unpdf');
  const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
  return text.replace(/\s+/g, ' ');
};

describe(`ledger: partial payments and adjustments (${DB})`, () => {
  it('a partial payment leaves the outstanding amount on the invoice in the list, the detail, the export and the dashboard counter', async () => {
    expect(await importInvoices(invoiceRow('L-298', 'KRW', '271'))).toMatchObject({ committed: true, errors: [] });
    // ₩271 + VAT ₩27 (27.1 rounded) = ₩298
    const before = await unpaidCount();
    expect(await importPayments(`${co.id},L-PAY-1,Ledger,2026-10-05,KRW,296,remittance,L-298,296,,`)).toMatchObject({
      committed: true,
      errors: [],
    });
    const row = await listed('L-298');
    expect(row).toMatchObject({
      amount: '298.00',
      paid_amount: '296.00',
      outstanding_amount: '2.00',
      balance_state: 'partial',
      // nothing owed may read as paid: the spec's fields say unpaid while ₩2 is owed
      payment_state: 'N',
      buy_payment_idx: null,
    });
    expect(await detail(row.idx)).toMatchObject({ outstanding_amount: '2.00', balance_state: 'partial', payment_state: 'N' });
    expect(await unpaidCount()).toBe(before);
    const cell = await exportCsv();
    expect(cell('L-298', 'Payment status')).toBe('Partially paid');
    expect(cell('L-298', 'Paid')).toBe('296');
    expect(cell('L-298', 'Outstanding')).toBe('2');
    // the PDF: what was paid, what is still owed, and a claim (청구), not a receipt (영수)
    const pdf = await pdfText('L-298');
    expect(pdf).toContain('입금액 (Paid) ₩296');
    expect(pdf).toContain('미수금 (Outstanding) ₩2 ');
    expect(pdf).toContain('이 금액을 청구함');
    expect(pdf).not.toContain('영수함');
    // the payment detail: the invoice's amount and what this payment covered
    const payments = (await t.inject(token, { method: 'GET', url: '/api/calculate/buyPayment?start=0&length=10' })).json();
    const pay = payments.dataset.find((p: { d_name: string; d_payment: string }) => p.d_payment === '296.00');
    const covered = (
      await t.inject(token, { method: 'GET', url: `/api/calculate/buyPaymentCompleteDetail?buy_payment_idx=${pay.idx}` })
    ).json();
    expect(covered).toEqual([
      expect.objectContaining({
        code: 'L-298',
        amount: '298.00',
        covered_amount: '296.00',
        adjustment: '0.00',
        outstanding_amount: '2.00',
      }),
    ]);
  });

  it('an adjustment in the payments import settles the remainder, is audited, and the invoice is paid', async () => {
    const before = await unpaidCount();
    // an adjustment without its reason is refused: never silently
    const refused = await importPayments(`${co.id},L-PAY-2,Ledger,2026-10-06,KRW,0,remittance,L-298,0,2,`);
    expect(refused.errors).toEqual([
      { row: 2, column: 'adjustment_reason', message: 'An adjustment needs its reason (e.g. bank charges).' },
    ]);
    // more than is owed is refused, naming what is owed
    const over = await importPayments(`${co.id},L-PAY-2,Ledger,2026-10-06,KRW,3,remittance,L-298,3,,`);
    expect(over.errors).toEqual([{ row: 2, column: 'covered_amount', message: 'More than the amount still owed on the invoice (2.00).' }]);
    const dry = await importFile(
      'payments',
      [PAYMENT_HEADER, `${co.id},L-PAY-2,Ledger,2026-10-06,KRW,0,remittance,L-298,0,2,Bank charges`].join('\n'),
      '?dryRun=true',
    );
    expect(dry).toMatchObject({ dry_run: true, created: 1, errors: [] });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'import.payments.adjustment'))).toHaveLength(0);
    expect(await importPayments(`${co.id},L-PAY-2,Ledger,2026-10-06,KRW,0,remittance,L-298,0,2,Bank charges`)).toMatchObject({
      committed: true,
      created: 1,
      errors: [],
    });
    const row = await listed('L-298');
    expect(row).toMatchObject({ paid_amount: '298.00', outstanding_amount: '0.00', balance_state: 'paid', payment_state: 'Y' });
    expect(row.buy_payment_idx).not.toBeNull();
    expect(await unpaidCount()).toBe(before - 1);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'import.payments.adjustment'));
    expect(audit).toEqual([
      expect.objectContaining({ actorKind: 'operator', target: 'ledger-books L-PAY-2 L-298: 2.00 KRW (Bank charges)' }),
    ]);
    // the invoice owes nothing now: another payment naming it is refused
    const again = await importPayments(`${co.id},L-PAY-3,Ledger,2026-10-07,KRW,5,remittance,L-298,,,`);
    expect(again.errors).toEqual([
      { row: 2, column: 'invoice_code', message: 'Invoice L-298 is already paid by another payment (L-PAY-1).' },
    ]);
  });
});

describe(`ledger: VAT in the currency's minor unit (${DB})`, () => {
  it('a USD invoice of $10.55 issued from KOR has VAT $1.06 in the line, the list, the detail, the export and the mail', async () => {
    expect(await importInvoices(invoiceRow('L-USD', 'USD', '10.55'))).toMatchObject({ committed: true, errors: [] });
    const [inv] = await t.db.select().from(buyInvoices).where(eq(buyInvoices.code, 'L-USD'));
    const [line] = await t.db.select().from(buyInvoiceLines).where(eq(buyInvoiceLines.buyInvoiceIdx, inv!.idx));
    expect(line).toMatchObject({ supplyAmount: '10.55', vatAmount: '1.06', amount: '11.61' });
    const row = await listed('L-USD');
    expect(row.amount).toBe('11.61');
    expect((await detail(row.idx)).lines).toEqual([expect.objectContaining({ unit_price: '10.55', amount: '11.61' })]);
    expect((await exportCsv())('L-USD', 'Amount')).toBe('11.61');
    // the PDF: supply $10.55, VAT $1.06, total $11.61
    const pdf = await pdfText('L-USD');
    expect(pdf).toMatch(/10\.55 10\.55 1\.06/);
    expect(pdf).toContain('$11.61');
    const mails = await t.db.select().from(mailOutbox).where(like(mailOutbox.textBody, '%$11.61%'));
    expect(mails.length).toBe(1);
    // the importer accepts the correct amount for any currency
    const given = invoiceRow('L-USD-2', 'USD', '10.55').replace(/,$/, ',11.61');
    expect(await importInvoices(given)).toMatchObject({ committed: true, errors: [] });
    const wrong = invoiceRow('L-USD-3', 'USD', '10.55').replace(/,$/, ',11.55');
    expect((await importInvoices(wrong)).errors).toEqual([
      { row: 2, column: 'amount', message: 'The amount must be qty × unit price plus VAT: 11.61.' },
    ]);
  });
});

describe(`ledger: whole minor units per currency (${DB})`, () => {
  it('a JPY line of 100.55 is refused with the currency’s rule, in the import’s language', async () => {
    const en = await importInvoices(invoiceRow('L-JPY', 'JPY', '100.55'));
    expect(en.errors).toEqual([
      { row: 2, column: 'unit_price', message: 'JPY has no minor unit (ISO 4217): an amount in JPY is a whole number, not 100.55.' },
    ]);
    const ko = await importFile('invoices', [INVOICE_HEADER, invoiceRow('L-JPY', 'JPY', '100.55')].join('\n'), '?lang=ko');
    expect(ko.errors[0]!.message).toContain('JPY');
    const usd = await importInvoices(invoiceRow('L-USD-X', 'USD', '10.555'));
    expect(usd.errors).toEqual([
      { row: 2, column: 'unit_price', message: 'An amount in USD has at most 2 decimals (its ISO 4217 minor unit), not 10.555.' },
    ]);
    const pay = await importPayments(`${co.id},L-PAY-JPY,Ledger,2026-10-06,JPY,100.5,remittance,,,,`);
    expect(pay.errors).toEqual([
      { row: 2, column: 'amount', message: 'JPY has no minor unit (ISO 4217): an amount in JPY is a whole number, not 100.5.' },
    ]);
    expect(await importInvoices(invoiceRow('L-JPY', 'JPY', '301', { issuer: 'USA' }))).toMatchObject({ committed: true, errors: [] });
  });
});

describe(`ledger: limits instead of 500s (${DB})`, () => {
  it('amounts of 10^14 import, list and export exactly', async () => {
    expect(await importInvoices(invoiceRow('L-BIG', 'KRW', '100000000000000', { issuer: 'USA' }))).toMatchObject({
      committed: true,
      errors: [],
    });
    expect((await listed('L-BIG')).amount).toBe('100000000000000.00');
    expect((await exportCsv())('L-BIG', 'Amount')).toBe('100000000000000');
    expect(await pdfText('L-BIG')).toContain('₩100,000,000,000,000');
    // a taxed line of 999,999,999,999 (the accountant's 500): VAT and all
    expect(await importInvoices(invoiceRow('L-TAXED', 'KRW', '999999999999'))).toMatchObject({ committed: true, errors: [] });
    expect((await listed('L-TAXED')).amount).toBe('1099999999999.00');
  });

  it('10^16 gets a row and column error naming the limit, never a 500, dry run included; 1.5 × 10^12 a unit price of its own', async () => {
    const limit = 'The amount must be less than 10,000,000,000,000,000 in absolute value.';
    for (const query of ['', '?dryRun=true']) {
      const res = await importFile(
        'invoices',
        [INVOICE_HEADER, invoiceRow('L-HUGE', 'KRW', '10000000000000000', { issuer: 'USA' })].join('\n'),
        query,
      );
      expect(res.errors).toEqual([{ row: 2, column: 'unit_price', message: limit }]);
    }
    // each cell within the limit, the line (qty × unit price + VAT) beyond it
    const line = await importInvoices(invoiceRow('L-LINE', 'KRW', '1500000000000', { qty: 10000 }));
    expect(line.errors).toEqual([{ row: 2, column: 'amount', message: limit }]);
    expect(await importInvoices(invoiceRow('L-1.5T', 'KRW', '1500000000000'))).toMatchObject({ committed: true, errors: [] });
    const pay = await importPayments(`${co.id},L-PAY-HUGE,Ledger,2026-10-06,KRW,10000000000000000,remittance,,,,`);
    expect(pay.errors).toEqual([{ row: 2, column: 'amount', message: limit }]);
  });
});

describe(`ledger: overdue in the business time zone (${DB})`, () => {
  it('an unpaid invoice is overdue from the day after its due date in config timeZone; a paid one never', async () => {
    const today = dayIn(new Date(), t.config.timeZone);
    const day = addDays(today, -40);
    expect(
      await importInvoices(
        invoiceRow('L-DUE-YESTERDAY', 'KRW', '1000', { day, due: addDays(today, -1) }),
        invoiceRow('L-DUE-TODAY', 'KRW', '1000', { day, due: today }),
        invoiceRow('L-DUE-PAID', 'KRW', '1000', { day, due: addDays(today, -1) }),
      ),
    ).toMatchObject({ committed: true, errors: [] });
    expect(await importPayments(`${co.id},L-PAY-DUE,Ledger,${day},KRW,1100,cash,L-DUE-PAID,,,`)).toMatchObject({ errors: [] });
    expect(await listed('L-DUE-YESTERDAY')).toMatchObject({ overdue: true, balance_state: 'unpaid' });
    expect(await listed('L-DUE-TODAY')).toMatchObject({ overdue: false, balance_state: 'unpaid' });
    expect(await listed('L-DUE-PAID')).toMatchObject({ overdue: false, balance_state: 'paid' });
    expect((await exportCsv())('L-DUE-YESTERDAY', 'Overdue')).toBe('Overdue');
  });
});

describe(`ledger: the balance is kept whoever writes the coverage (${DB})`, () => {
  it('a coverage row of less than the invoice leaves it unpaid (the migration’s ₩296 of ₩298); raised to the amount it is paid; removed it owes again', async () => {
    const [inv] = await insertInvoices(t.db, co.idx, [{ code: 'L-TRIGGER', amount: '298.00' }]);
    const p = await insertPayment(t.db, co.idx, [], { amount: '296.00' });
    const state = async () =>
      (await t.db.select().from(buyInvoices).where(eq(buyInvoices.idx, inv!.idx))).map((i) => [i.paidAmount, i.buyPaymentIdx])[0];
    await t.db.insert(buyPaymentInvoices).values({ buyPaymentIdx: p.idx, buyInvoiceIdx: inv!.idx, amount: '296.00' });
    expect(await state()).toEqual(['296.00', null]);
    await t.db.update(buyPaymentInvoices).set({ amount: '298.00' }).where(eq(buyPaymentInvoices.buyPaymentIdx, p.idx));
    expect(await state()).toEqual(['298.00', p.idx]);
    await t.db.delete(buyPayments).where(eq(buyPayments.idx, p.idx));
    expect(await state()).toEqual(['0.00', null]);
  });
});

describe(`ledger: one table of currencies (${DB})`, () => {
  it('the currencies table holds the ISO 4217 minor unit of CURRENCY_TABLE; the migration holds the statement generated from it', async () => {
    const rows = await t.db.select({ name: currencies.name, minorUnit: currencies.minorUnit }).from(currencies);
    for (const [name, c] of Object.entries(CURRENCY_TABLE)) expect(rows.find((r) => r.name === name)?.minorUnit, name).toBe(c.minorUnit);
    const dir = path.resolve(import.meta.dirname, '../../db/migrations');
    const file = readdirSync(dir).find((f) => f.endsWith('_ledger_balances.sql'))!;
    expect(readFileSync(path.join(dir, file), 'utf8')).toContain(currencyMinorUnitsSql());
  });
});
