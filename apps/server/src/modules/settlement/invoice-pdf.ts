import { formatMoney, fromMinor, toMinor } from '@portal/contract';
import type { IssuerConfig } from '../../config';
import { createPdf, pdfFields, pdfTable, type PdfColumn } from '../../lib/pdf';
import type { InvoiceForPdf } from './settlement.repository';

/**
 * The invoice PDF (docs/decisions/tax-documents.md). An invoice issued from KOR to a KOR company prints
 * Korean tax documents with the fields of the standard forms: its taxable lines on a 세금계산서
 * (부가가치세법 시행규칙 별지 제14호 서식), its VAT-exempt lines (books, 부가가치세법 제26조) on a 계산서
 * (소득세법 시행규칙 별지 제28호 서식(1)), each a document of its own on its own page; one with both prints
 * both. A document missing a field of the form is titled "청구서 (세금계산서 아님)" / "(계산서 아님)" and names
 * what is missing. Any other invoice (issued from USA, or to a company outside Korea) is a commercial
 * invoice in English. Every amount is written by formatMoney (the invoice's currency, its minor unit).
 */

type Line = InvoiceForPdf['lines'][number];

/** The Korean documents an invoice prints, or the commercial invoice. */
export type DocumentKind = 'taxInvoice' | 'invoiceExempt' | 'commercial';

export interface PlannedDocument {
  kind: DocumentKind;
  lines: Line[];
  /** the fields of the form left empty (Korean labels); non-empty: the document is not titled a tax document */
  missing: string[];
  /** 승인번호 of the NTS electronic original of this document, when the import carried one */
  approvalNumber: string | null;
}

/** A party of a Korean tax document: 등록번호, 상호, 성명(대표자), 사업장 주소, 업태, 종목 (the issuer's config names them so). */
type Party = Pick<IssuerConfig, 'registrationNumber' | 'name' | 'representative' | 'address' | 'businessType' | 'businessItem'>;

const PARTY_LABELS: [keyof Party, string][] = [
  ['registrationNumber', '등록번호'],
  ['name', '상호'],
  ['representative', '성명(대표자)'],
  ['address', '사업장 주소'],
  ['businessType', '업태'],
  ['businessItem', '종목'],
];

/** The recipient from the company profile: the representative as Koreans write a name (family name first). */
const recipientParty = (inv: InvoiceForPdf): Party => ({
  registrationNumber: inv.registrationNumber,
  name: inv.companyName,
  representative: `${inv.representativeLast}${inv.representativeFirst}`.trim(),
  address: [inv.addressLine1, inv.addressLine2].filter((s) => s.trim()).join(' '),
  businessType: inv.businessConditions,
  businessItem: inv.businessItem,
});

const missingOf = (side: string, p: Party) => PARTY_LABELS.filter(([k]) => !p[k].trim()).map(([, label]) => `${side} ${label}`);

/** Korean tax documents are printed for an invoice issued from KOR to a company in Korea. */
export const isKoreanSupply = (inv: Pick<InvoiceForPdf, 'issuer' | 'companyCountry'>) =>
  inv.issuer === 'KOR' && inv.companyCountry.trim() === 'KOR';

/**
 * What an invoice prints: its taxable lines as a 세금계산서 and its exempt ones as a 계산서 (each when it has
 * lines), with the fields each is missing and its approval number (`approval_number` holds one per document,
 * in this order, separated by ';'); or the commercial invoice.
 */
export function planDocuments(inv: InvoiceForPdf, issuer: IssuerConfig): PlannedDocument[] {
  if (!isKoreanSupply(inv)) return [{ kind: 'commercial', lines: inv.lines, missing: [], approvalNumber: null }];
  const missing = [...missingOf('공급자', issuer), ...missingOf('공급받는자', recipientParty(inv))];
  const numbers = (inv.approvalNumber ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  const taxable = inv.lines.filter((l) => !l.vatExempt);
  const exempt = inv.lines.filter((l) => l.vatExempt);
  const docs: PlannedDocument[] = [];
  if (taxable.length) docs.push({ kind: 'taxInvoice', lines: taxable, missing, approvalNumber: null });
  if (exempt.length) docs.push({ kind: 'invoiceExempt', lines: exempt, missing, approvalNumber: null });
  docs.forEach((d, i) => (d.approvalNumber = numbers[i] ?? null));
  return docs.length ? docs : [{ kind: 'taxInvoice', lines: [], missing, approvalNumber: numbers[0] ?? null }];
}

const sum = (lines: Line[], pick: (l: Line) => string) => fromMinor(lines.reduce((s, l) => s + toMinor(pick(l)), 0n));

/**
 * An invoice is paid in full when a payment settled it (영수: the lists' balance state 'paid', buy_payment_idx set once
 * the payments covering it reach its amount); else it is claimed (청구).
 */
export const paidInFull = (inv: Pick<InvoiceForPdf, 'buyPaymentIdx'>) => inv.buyPaymentIdx !== null;

export async function renderInvoicePdf(inv: InvoiceForPdf, issuer: IssuerConfig): Promise<Buffer> {
  const { doc, done } = await createPdf({ Title: `Invoice ${inv.code}`, Subject: inv.title });
  const docs = planDocuments(inv, issuer);
  docs.forEach((d, i) => {
    if (i > 0) doc.addPage();
    if (d.kind === 'commercial') commercialInvoice(doc, inv, issuer);
    else koreanDocument(doc, inv, issuer, d);
  });
  doc.end();
  return done;
}

const heading = (doc: PDFKit.PDFDocument, text: string) => {
  doc.font('bold').fontSize(10).fillColor('#1c3d5a').text(text, 50);
  doc.moveDown(0.2);
};

/** Two label/value blocks side by side from the current position. */
function sideBySide(doc: PDFKit.PDFDocument, left: [string, [string, string][]], right: [string, [string, string][]], labelWidth = 82) {
  const top = doc.y;
  const block = (x: number, [title, pairs]: [string, [string, string][]]) => {
    doc.y = top;
    doc.font('bold').fontSize(10).fillColor('#1c3d5a').text(title, x, top, { width: 240 });
    doc.moveDown(0.2);
    pdfFields(doc, pairs, { x, labelWidth, width: 240 });
    return doc.y;
  };
  const end = Math.max(block(50, left), block(305, right));
  doc.x = 50;
  doc.y = end + 8;
}

/** Label and value rows in bold, right-aligned in the right half of the page (a document's totals). */
function totalRows(doc: PDFKit.PDFDocument, rows: [string, string][]) {
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('bold').fontSize(11).fillColor('#000').text(label, 245, y, { width: 150, align: 'right' });
    doc.font('bold').fontSize(11).text(value, 395, y, { width: 150, align: 'right' });
    doc.moveDown(0.2);
  }
  doc.x = 50;
}

/** A 세금계산서 or 계산서 with the fields of its standard form. */
function koreanDocument(doc: PDFKit.PDFDocument, inv: InvoiceForPdf, issuer: IssuerConfig, d: PlannedDocument) {
  const tax = d.kind === 'taxInvoice';
  const complete = d.missing.length === 0;
  const money = (v: string) => formatMoney(v, inv.currencyName.trim(), 'ko');
  const total = (v: string) => formatMoney(v, inv.currencyName.trim(), 'ko', { symbol: true });
  const title = complete
    ? tax
      ? '세금계산서 (공급받는자 보관용)'
      : '계산서 (공급받는자 보관용)'
    : tax
      ? '청구서 (세금계산서 아님)'
      : '청구서 (계산서 아님)';
  const subtitle = complete
    ? tax
      ? 'Tax invoice (printed copy) · 부가가치세법 시행규칙 별지 제14호 서식'
      : 'Invoice for VAT-exempt supplies (printed copy) · 소득세법 시행규칙 별지 제28호 서식(1)'
    : 'Invoice (not a tax invoice)';
  doc.font('bold').fontSize(18).fillColor('#000').text(title, 50);
  doc.font('body').fontSize(9).fillColor('#444').text(subtitle);
  doc.moveDown(0.4);
  if (!complete) {
    doc
      .font('bold')
      .fontSize(9)
      .fillColor('#b00020')
      .text(`필수 기재사항 누락 (missing): ${d.missing.join(', ')}`, { width: 495 });
    doc.moveDown(0.3);
  }
  pdfFields(doc, [
    ['승인번호', d.approvalNumber ?? '(전자 원본은 국세청 발급분: 승인번호 미수신)'],
    ['청구서 번호', inv.code],
  ]);
  doc.moveDown(0.4);

  const pairs = (p: Party): [string, string][] => PARTY_LABELS.map(([k, label]) => [label, p[k] || '—']);
  sideBySide(doc, ['공급자', pairs(issuer)], ['공급받는자', pairs(recipientParty(inv))]);

  const supply = sum(d.lines, (l) => l.supplyAmount);
  const vat = sum(d.lines, (l) => l.vatAmount);
  const amount = sum(d.lines, (l) => l.amount);
  const [year, month, day] = inv.createdDay.split('-');
  pdfFields(
    doc,
    [
      ['작성일자', `${year}년 ${month}월 ${day}일 (${inv.createdDay})`],
      ['공급가액', money(supply)],
      ...(tax ? ([['세액', money(vat)]] as [string, string][]) : []),
      ['비고', `${inv.title} (${inv.code})`],
    ],
    { labelWidth: 82 },
  );
  doc.moveDown(0.5);

  const columns: PdfColumn[] = [
    { title: '월', width: 22, align: 'right' },
    { title: '일', width: 22, align: 'right' },
    { title: '품목', width: tax ? 143 : 178 },
    { title: '규격', width: 45 },
    { title: '수량', width: 38, align: 'right' },
    { title: '단가', width: 62, align: 'right' },
    { title: '공급가액', width: 70, align: 'right' },
    ...(tax ? [{ title: '세액', width: 55, align: 'right' as const }] : []),
    { title: '비고', width: tax ? 38 : 58 },
  ];
  pdfTable(
    doc,
    columns,
    d.lines.map((l) => ({
      cells: [
        String(Number(month)),
        String(Number(day)),
        l.description,
        '',
        String(l.qty),
        money(l.unitPrice),
        money(l.supplyAmount),
        ...(tax ? [money(l.vatAmount)] : []),
        tax ? '' : '면세',
      ],
    })),
  );
  doc.moveDown(0.3);
  const paid = paidInFull(inv);
  totalRows(doc, [
    ['합계금액', total(amount)],
    ['', paid ? '이 금액을 영수함' : '이 금액을 청구함'],
  ]);
  doc.moveDown(0.8);
  paymentBlock(doc, inv, issuer, 'ko');
  doc.moveDown(0.8);
  doc
    .font('body')
    .fontSize(7.5)
    .fillColor('#666')
    .text(
      '이 문서는 출력본입니다. 전자 원본은 공급자가 국세청(홈택스)을 통해 발급하며, 그 승인번호가 위에 인쇄됩니다. ' +
        'This is a printed copy; the electronic original is issued through the National Tax Service under the approval number above.',
      50,
      undefined,
      { width: 495 },
    );
}

/** The invoice's payment status and the bank for remittance, under each document. */
function paymentBlock(doc: PDFKit.PDFDocument, inv: InvoiceForPdf, issuer: IssuerConfig, lang: 'ko' | 'en') {
  const total = (v: string) => formatMoney(v, inv.currencyName.trim(), lang, { symbol: true });
  const outstanding = fromMinor(toMinor(inv.amount) - toMinor(inv.paid));
  const ko = lang === 'ko';
  pdfFields(doc, [
    [ko ? '청구서 합계 (Invoice total)' : 'Invoice total', total(inv.amount)],
    [ko ? '입금액 (Paid)' : 'Paid', total(inv.paid)],
    [ko ? '미수금 (Outstanding)' : 'Outstanding', total(toMinor(outstanding) > 0n ? outstanding : '0')],
    [ko ? '발행 기한 (Issuance deadline)' : 'Issuance deadline', inv.dueDate],
  ]);
  const b = issuer.bank;
  if (b.name || b.account) {
    doc.moveDown(0.3);
    heading(doc, ko ? '입금 계좌 (Remittance)' : 'Remittance');
    pdfFields(doc, [
      [ko ? '은행' : 'Bank', b.name],
      [ko ? '계좌번호' : 'Account', b.account],
      [ko ? '예금주' : 'Holder', b.holder],
      ['SWIFT / BIC', b.swift],
    ]);
  }
}

/** A commercial invoice in English (issued from USA, or to a company outside Korea). */
function commercialInvoice(doc: PDFKit.PDFDocument, inv: InvoiceForPdf, issuer: IssuerConfig) {
  const code = inv.currencyName.trim();
  const money = (v: string) => formatMoney(v, code, 'en');
  const total = (v: string) => formatMoney(v, code, 'en', { symbol: true });
  doc.font('bold').fontSize(20).fillColor('#000').text('COMMERCIAL INVOICE', 50);
  doc.font('body').fontSize(11).fillColor('#444').text(inv.code);
  doc.moveDown(0.8);
  const address = [
    inv.addressLine1,
    inv.addressLine2,
    [inv.city, inv.region, inv.zipcode].filter(Boolean).join(' '),
    inv.companyCountry.trim(),
  ]
    .filter((s) => s.trim())
    .join(', ');
  sideBySide(
    doc,
    [
      'Seller',
      [
        ['Name', issuer.name],
        ['Registration no.', issuer.registrationNumber],
        ['Address', issuer.address],
        ['Contact', issuer.contact],
      ],
    ],
    [
      'Bill to',
      [
        ['Name', inv.companyName],
        ['Registration no.', inv.registrationNumber],
        ['Address', address],
      ],
    ],
  );
  pdfFields(doc, [
    ['Invoice no.', inv.code],
    ['Title', inv.title],
    ['Invoice date', inv.createdDay],
    ['Currency', code],
  ]);
  doc.moveDown(0.8);
  pdfTable(
    doc,
    [
      { title: '#', width: 25 },
      { title: 'Description', width: 250 },
      { title: 'Qty', width: 50, align: 'right' },
      { title: 'Unit price', width: 80, align: 'right' },
      { title: 'Amount', width: 90, align: 'right' },
    ],
    inv.lines.map((l) => ({ cells: [String(l.lineNo), l.description, String(l.qty), money(l.unitPrice), money(l.amount)] })),
  );
  doc.moveDown(0.5);
  totalRows(doc, [
    ['Subtotal', total(sum(inv.lines, (l) => l.supplyAmount))],
    ['Total', total(inv.amount)],
  ]);
  doc.moveDown(1);
  paymentBlock(doc, inv, issuer, 'en');
  doc.moveDown(0.5);
  pdfFields(doc, [['Payment status', paidInFull(inv) ? 'Paid in full' : toMinor(inv.paid) > 0n ? 'Partly paid' : 'Unpaid']]);
}
