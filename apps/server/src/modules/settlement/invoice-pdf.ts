import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { InvoiceForPdf } from './settlement.repository';

/**
 * The invoice PDF (issue 3): company, invoice code, issuer, item, dates, lines, total with its
 * currency and the payment status, in Noto Sans KR so Korean company names and lines render.
 * Labels are bilingual (English / Korean): the PDF goes to Korean and foreign publishers alike.
 */

const require = createRequire(import.meta.url);
const fontDir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-kr/package.json'));
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(path.join(fontDir, '400Regular/NotoSansKR_400Regular.ttf')),
    bold: readFileSync(path.join(fontDir, '700Bold/NotoSansKR_700Bold.ttf')),
  });

const ITEM_LABELS: Record<string, string> = {
  prepayment: 'Prepayment / 선결제',
  onCredit: 'On credit / 외상',
  consignment: 'Consignment / 위탁',
  fulfillment: 'Fulfillment / 풀필먼트',
  warehouse: 'Warehouse / 창고',
  copyright: 'Copyright / 저작권',
};
const ISSUER_LABELS: Record<string, string> = { KOR: 'Korea / 한국 (KOR)', USA: 'USA / 미국 (USA)' };

/** Thousands separators on a decimal string, without ever making it a float. */
export function groupDecimal(amount: string, decimals = 2): string {
  const negative = amount.startsWith('-');
  const [intPart = '0', frac = ''] = amount.replace(/^-/, '').split('.');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = decimals > 0 ? `.${frac.padEnd(decimals, '0').slice(0, decimals)}` : '';
  return `${negative ? '-' : ''}${grouped}${fraction}`;
}

export function renderInvoicePdf(inv: InvoiceForPdf): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${inv.code}`, Author: 'Publisher Portal', Subject: inv.title },
  });
  doc.registerFont('kr', regular);
  doc.registerFont('kr-bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const money = (v: string) => `${inv.currencyIcon} ${groupDecimal(v)} ${inv.currencyName}`;
  const paid = inv.buyPaymentIdx !== null;

  doc.font('kr-bold').fontSize(20).text('INVOICE / 청구서', { align: 'left' });
  doc.moveDown(0.3);
  doc.font('kr').fontSize(11).fillColor('#444').text(inv.code);
  doc.moveDown(1);

  const field = (label: string, value: string) => {
    const y = doc.y;
    doc.font('kr-bold').fontSize(10).fillColor('#222').text(label, 50, y, { width: 150 });
    doc.font('kr').fontSize(10).fillColor('#000').text(value, 200, y, { width: 345 });
    doc.moveDown(0.35);
  };
  field('Company / 회사', inv.companyName);
  if (inv.registrationNumber) field('Registration no. / 사업자번호', inv.registrationNumber);
  field('Invoice code / 청구서 번호', inv.code);
  field('Title / 제목', inv.title);
  field('Issuer / 발행처', ISSUER_LABELS[inv.issuer] ?? inv.issuer);
  field('Item / 항목', ITEM_LABELS[inv.item] ?? inv.item);
  field('Status / 상태', inv.state === 'P' ? 'Created / 생성' : 'Sent / 발송');
  field('Registration date / 등록일', inv.createdDay);
  field('Issuance deadline / 발행 기한', inv.dueDate);
  field('Payment status / 결제 상태', paid ? 'Paid / 결제 완료' : 'Unpaid / 미결제');
  doc.moveDown(1);

  // lines
  const cols = [
    { x: 50, w: 30, title: '#', align: 'left' as const },
    { x: 80, w: 235, title: 'Description / 내역', align: 'left' as const },
    { x: 315, w: 50, title: 'Qty / 수량', align: 'right' as const },
    { x: 365, w: 90, title: 'Unit price / 단가', align: 'right' as const },
    { x: 455, w: 90, title: 'Amount / 금액', align: 'right' as const },
  ];
  let y = doc.y;
  doc.rect(50, y - 4, 495, 20).fill('#eef2f7');
  doc.fillColor('#000').font('kr-bold').fontSize(9);
  for (const c of cols) doc.text(c.title, c.x, y, { width: c.w, align: c.align });
  y += 20;
  doc.font('kr').fontSize(9);
  for (const line of inv.lines) {
    if (y > 740) {
      doc.addPage();
      y = 50;
    }
    const values = [String(line.lineNo), line.description, String(line.qty), groupDecimal(line.unitPrice), groupDecimal(line.amount)];
    const h = Math.max(...cols.map((c, i) => doc.heightOfString(values[i]!, { width: c.w })));
    cols.forEach((c, i) => doc.text(values[i]!, c.x, y, { width: c.w, align: c.align }));
    y += h + 6;
    doc
      .moveTo(50, y - 3)
      .lineTo(545, y - 3)
      .strokeColor('#dde3ea')
      .lineWidth(0.5)
      .stroke();
  }
  y += 6;
  doc.font('kr-bold').fontSize(12).fillColor('#000');
  doc.text(`Total / 합계: ${money(inv.amount)}`, 50, y, { width: 495, align: 'right' });
  doc.moveDown(2);
  doc
    .font('kr')
    .fontSize(8)
    .fillColor('#666')
    .text('Publisher Portal · Book distribution and fulfilment', 50, undefined, { align: 'center', width: 495 });
  doc.end();
  return done;
}
