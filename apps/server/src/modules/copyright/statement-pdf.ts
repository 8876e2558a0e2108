import { formatMoney, statementPayable as payableOf, type TExportLang } from '@portal/contract';
import { hyphenateIsbn } from '@portal/contract/isbn';
import type { IssuerConfig } from '../../config';
import { fillText, LOCALES } from '../../lib/locales';
import { createPdf, face, pdfFields, pdfTable, type PdfColumn, type PdfFamily } from '../../lib/pdf';
import type { StatementCompany, StatementGroup, StatementInvoice } from './statements.repository';

/** Everything a royalty statement's PDF shows (statements.service.ts gathers it). */
export interface StatementContent {
  number: string;
  version: number;
  lang: TExportLang;
  period: string;
  periodStart: string;
  periodEnd: string;
  /** the business day of the issue, in the business time zone (as the statements list shows it) */
  issuedOn: string;
  currency: string;
  currencyIcon: string;
  company: StatementCompany;
  /** per book and unit price, per book (unit_price null), and the total (book_idx null) last */
  groups: StatementGroup[];
  invoices: StatementInvoice[];
  openingBalance: string;
  closingBalance: string;
}

/** The font family each language needs. */
const STATEMENT_FONT: Record<TExportLang, PdfFamily> = { en: 'kr', ko: 'kr', es: 'kr', zh: 'sc', ja: 'jp' };

/**
 * The royalty statement PDF (issue 18), in the company's language: issuer and recipient, the period's
 * summary (opening balance, royalty, settled, closing balance), the lines grouped by book (units,
 * samples/disused, unit price, rate, royalty) with book subtotals and the total, and the invoices the
 * period was settled on with their payment.
 */
export async function renderStatementPdf(s: StatementContent, issuer: IssuerConfig): Promise<Buffer> {
  // its texts: the `exports` translations (packages/contract/locales/<lng>/exports.json)
  const { statement: t, invoice } = LOCALES[s.lang].exports;
  const fill = (template: string, values: Record<string, string>) => fillText(template, s.lang, values);
  const { doc, done } = await createPdf(
    { Title: `${t.title} ${s.number}`, Subject: `${s.company.company_name} ${s.period}` },
    STATEMENT_FONT[s.lang],
  );
  // royalties are computed to the hundredth (2 decimals); what is payable is in the currency's minor unit
  const money = (v: string) => formatMoney(v, s.currency, s.lang, { decimals: 2 });
  const payable = payableOf(s.closingBalance, s.currency);

  face(doc, t.title, true).fontSize(20).fillColor('#000').text(t.title);
  face(doc, s.number).fontSize(11).fillColor('#444').text(s.number);
  doc.moveDown(0.8);

  const top = doc.y;
  const block = (x: number, heading: string, pairs: [string, string][]) => {
    doc.y = top;
    face(doc, heading, true).fontSize(10).fillColor('#1c3d5a').text(heading, x, top, { width: 240 });
    doc.moveDown(0.2);
    pdfFields(doc, pairs, { x, labelWidth: 90, width: 240 });
    return doc.y;
  };
  const leftEnd = block(50, t.issuer, [
    [t.name, issuer.name],
    [t.regNo, issuer.registrationNumber],
    [t.address, issuer.address],
    [t.contact, issuer.contact],
  ]);
  const rightEnd = block(305, t.recipient, [
    [t.name, s.company.company_name],
    [t.regNo, s.company.registration_number],
  ]);
  doc.x = 50;
  doc.y = Math.max(leftEnd, rightEnd) + 8;

  pdfFields(doc, [
    [t.number, s.number],
    [t.period, `${s.period} (${s.periodStart} – ${s.periodEnd})`],
    [t.version, s.version > 1 ? `${s.version} (${fill(t.replaces, { version: String(s.version - 1) })})` : String(s.version)],
    [t.issuedOn, s.issuedOn],
    [t.currency, `${s.currency} (${s.currencyIcon})`],
  ]);
  doc.moveDown(0.6);

  const total = s.groups.find((g) => g.book_idx === null);
  face(doc, t.summary, true).fontSize(11).fillColor('#1c3d5a').text(t.summary);
  doc.moveDown(0.2);
  pdfTable(
    doc,
    [
      { title: t.item, width: 345 },
      { title: fill(t.amountIn, { currency: s.currency }), width: 150, align: 'right' },
    ],
    [
      { cells: [t.opening, money(s.openingBalance)] },
      { cells: [t.periodRoyalty, money(total?.royalty ?? '0')] },
      { cells: [t.settled, money(total?.settled ?? '0')] },
      { cells: [t.closing, money(s.closingBalance)] },
      { cells: [t.rounding, money(payable.rounding)] },
      { cells: [t.payable, formatMoney(payable.payable, s.currency, s.lang, { symbol: true })], bold: true },
    ],
    10,
  );
  doc.moveDown(0.6);

  const columns: PdfColumn[] = [
    { title: t.book, width: 165 },
    { title: `${t.unitPrice} (${s.currency})`, width: 62, align: 'right' },
    { title: t.lines, width: 36, align: 'right' },
    { title: t.units, width: 46, align: 'right' },
    { title: `${t.samples} / ${t.disused}`, width: 60, align: 'right' },
    { title: t.rate, width: 42, align: 'right' },
    { title: `${t.royalty} (${s.currency})`, width: 84, align: 'right' },
  ];
  const rows: { cells: string[]; bold?: boolean }[] = [];
  let currentBook: number | null = null;
  const perBook = new Map<number, number>();
  for (const g of s.groups) if (g.book_idx !== null && g.unit_price !== null) perBook.set(g.book_idx, (perBook.get(g.book_idx) ?? 0) + 1);
  for (const g of s.groups) {
    const numbers = [String(g.cnt), String(g.qty), `${g.sample_qty} / ${g.disuse_qty}`];
    if (g.book_idx === null) {
      rows.push({ cells: [t.total, '', ...numbers, '', money(g.royalty)], bold: true });
    } else if (g.unit_price === null) {
      // a book's subtotal: only when it has lines at several prices (otherwise its one row says it all)
      if ((perBook.get(g.book_idx) ?? 0) > 1) rows.push({ cells: [`${t.bookTotal}`, '', ...numbers, '', money(g.royalty)], bold: true });
    } else {
      const first = currentBook !== g.book_idx;
      currentBook = g.book_idx;
      rows.push({
        cells: [
          first ? `${g.title}\n${g.isbn ? hyphenateIsbn(g.isbn) : ''}` : '',
          money(g.unit_price),
          ...numbers,
          `${g.rate} %`,
          money(g.royalty),
        ],
      });
    }
  }
  pdfTable(doc, columns, rows, 8);
  doc.moveDown(0.6);

  face(doc, t.settledOn, true).fontSize(11).fillColor('#1c3d5a').text(t.settledOn, 50);
  doc.moveDown(0.2);
  if (s.invoices.length === 0) {
    face(doc, t.noneSettled).fontSize(9).fillColor('#000').text(t.noneSettled, 50);
  } else {
    pdfTable(
      doc,
      [
        { title: invoice, width: 200 },
        { title: `${t.royalty} (${s.currency})`, width: 140, align: 'right' },
        { title: t.status, width: 155 },
      ],
      s.invoices.map((i) => ({
        cells: [i.code, money(i.royalty), i.paid ? (i.payment_date ? fill(t.paidOn, { date: i.payment_date }) : t.paid) : t.unpaid],
      })),
    );
  }
  doc.moveDown(1.5);
  face(doc, t.immutable).fontSize(8).fillColor('#666').text(t.immutable, 50, undefined, { align: 'center', width: 495 });
  face(doc, issuer.name).fontSize(8).text(issuer.name, 50, undefined, { align: 'center', width: 495 });
  doc.end();
  return done;
}
