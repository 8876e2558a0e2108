import type { IssuerConfig } from '../../config';
import { createPdf, groupDecimal, pdfFields, pdfTable, type PdfColumn } from '../../lib/pdf';
import type { InvoiceForPdf } from './settlement.repository';

/**
 * The invoice PDF (issues 3 and 18), as a Korean business reads it: the issuer block (the
 * distributor's name, business registration number, address and contact, from configuration), the
 * recipient with its registration number, the lines and, for an invoice issued from KOR, supply value
 * (공급가액), VAT (세액) and total per line and in the footer as on a Korean tax invoice; for a USA-issued
 * one subtotal and total. Then the bank details for remittance and the payment status. Labels are
 * bilingual (English / Korean): the PDF goes to Korean and foreign publishers alike.
 */

const ITEM_LABELS: Record<string, string> = {
  prepayment: 'Prepayment / 선결제',
  onCredit: 'On credit / 외상',
  consignment: 'Consignment / 위탁',
  fulfillment: 'Fulfillment / 풀필먼트',
  warehouse: 'Warehouse / 창고',
  copyright: 'Copyright / 저작권',
};
const ISSUER_LABELS: Record<string, string> = { KOR: 'Korea / 한국 (KOR)', USA: 'USA / 미국 (USA)' };

export async function renderInvoicePdf(inv: InvoiceForPdf, issuer: IssuerConfig): Promise<Buffer> {
  const { doc, done } = await createPdf({ Title: `Invoice ${inv.code}`, Subject: inv.title });
  const korean = inv.issuer === 'KOR';
  const money = (v: string) => `${inv.currencyIcon} ${groupDecimal(v)} ${inv.currencyName}`;
  const paid = inv.buyPaymentIdx !== null;

  doc
    .font('bold')
    .fontSize(20)
    .text(korean ? 'TAX INVOICE / 세금계산서' : 'INVOICE / 청구서');
  doc.font('body').fontSize(11).fillColor('#444').text(inv.code);
  doc.moveDown(0.8);

  // issuer (공급자) and recipient (공급받는자) side by side
  const top = doc.y;
  const block = (x: number, heading: string, pairs: [string, string][]) => {
    doc.y = top;
    doc.font('bold').fontSize(10).fillColor('#1c3d5a').text(heading, x, top, { width: 240 });
    doc.moveDown(0.2);
    pdfFields(doc, pairs, { x, labelWidth: 95, width: 240 });
    return doc.y;
  };
  const leftEnd = block(50, 'Issuer / 공급자', [
    ['Name / 상호', issuer.name],
    ['Reg. no. / 등록번호', issuer.registrationNumber],
    ['Address / 주소', issuer.address],
    ['Contact / 연락처', issuer.contact],
  ]);
  const rightEnd = block(305, 'Recipient / 공급받는자', [
    ['Name / 상호', inv.companyName],
    ['Reg. no. / 등록번호', inv.registrationNumber],
  ]);
  doc.x = 50;
  doc.y = Math.max(leftEnd, rightEnd) + 8;

  pdfFields(doc, [
    ['Invoice code / 청구서 번호', inv.code],
    ['Title / 제목', inv.title],
    ['Issued from / 발행처', ISSUER_LABELS[inv.issuer] ?? inv.issuer],
    ['Item / 항목', ITEM_LABELS[inv.item] ?? inv.item],
    ['Status / 상태', inv.state === 'P' ? 'Created / 생성' : 'Sent / 발송'],
    ['Registration date / 등록일', inv.createdDay],
    ['Issuance deadline / 발행 기한', inv.dueDate],
    ['Currency / 통화', `${inv.currencyName} (${inv.currencyIcon})`],
  ]);
  doc.moveDown(0.8);

  const columns: PdfColumn[] = korean
    ? [
        { title: '#', width: 22 },
        { title: 'Description / 품목', width: 138 },
        { title: 'Qty / 수량', width: 45, align: 'right' },
        { title: 'Unit price / 단가', width: 80, align: 'right' },
        { title: 'Supply value / 공급가액', width: 75, align: 'right' },
        { title: 'VAT / 세액', width: 60, align: 'right' },
        { title: 'Total / 합계', width: 75, align: 'right' },
      ]
    : [
        { title: '#', width: 25 },
        { title: 'Description / 내역', width: 250 },
        { title: 'Qty / 수량', width: 50, align: 'right' },
        { title: 'Unit price / 단가', width: 80, align: 'right' },
        { title: 'Amount / 금액', width: 90, align: 'right' },
      ];
  const rows = inv.lines.map((l) => ({
    cells: korean
      ? [
          String(l.lineNo),
          l.vatExempt ? `${l.description} (exempt / 면세)` : l.description,
          String(l.qty),
          groupDecimal(l.unitPrice),
          groupDecimal(l.supplyAmount),
          groupDecimal(l.vatAmount),
          groupDecimal(l.amount),
        ]
      : [String(l.lineNo), l.description, String(l.qty), groupDecimal(l.unitPrice), groupDecimal(l.amount)],
  }));
  pdfTable(doc, columns, rows);

  doc.moveDown(0.5);
  const totals: [string, string][] = korean
    ? [
        ['Supply value / 공급가액', money(inv.sums.supply)],
        ['VAT (10 %) / 세액', money(inv.sums.vat)],
        ['Total / 합계금액', money(inv.amount)],
      ]
    : [
        ['Subtotal / 소계', money(inv.sums.supply)],
        ['Total / 합계', money(inv.amount)],
      ];
  for (const [label, value] of totals) {
    const y = doc.y;
    doc.font('bold').fontSize(11).fillColor('#000').text(label, 245, y, { width: 150, align: 'right' });
    doc.font('bold').fontSize(11).text(value, 395, y, { width: 150, align: 'right' });
    doc.moveDown(0.2);
  }
  doc.x = 50;
  doc.moveDown(1);

  const b = issuer.bank;
  if (b.name || b.account) {
    doc.font('bold').fontSize(10).fillColor('#1c3d5a').text('Remittance / 입금 계좌');
    doc.moveDown(0.2);
    pdfFields(doc, [
      ['Bank / 은행', b.name],
      ['Account / 계좌번호', b.account],
      ['Holder / 예금주', b.holder],
      ['SWIFT / BIC', b.swift],
    ]);
    doc.moveDown(0.5);
  }
  pdfFields(doc, [
    ['Payment status / 결제 상태', paid ? `Paid / 결제 완료${inv.paymentDate ? ` (${inv.paymentDate})` : ''}` : 'Unpaid / 미결제'],
  ]);
  doc.moveDown(1.5);
  doc
    .font('body')
    .fontSize(8)
    .fillColor('#666')
    .text(`${issuer.name} · Book distribution and fulfilment`, 50, undefined, { align: 'center', width: 495 });
  doc.end();
  return done;
}
