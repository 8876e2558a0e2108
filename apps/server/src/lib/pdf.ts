import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

/**
 * PDF documents in Noto Sans KR (the invoice and the royalty statement): pdfkit with the Korean font
 * registered as 'kr' and 'kr-bold', so Hangul (and the other scripts the portal shows) render.
 */

const require = createRequire(import.meta.url);
const fontDir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-kr/package.json'));
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(path.join(fontDir, '400Regular/NotoSansKR_400Regular.ttf')),
    bold: readFileSync(path.join(fontDir, '700Bold/NotoSansKR_700Bold.ttf')),
  });

/** An A4 document with the Korean font, and its bytes once `doc.end()` was called. */
export function createPdf(info: PDFKit.DocumentInfo): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Author: 'Publisher Portal', ...info } });
  doc.registerFont('kr', regular);
  doc.registerFont('kr-bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** Thousands separators on a decimal string, without ever making it a float. */
export function groupDecimal(amount: string, decimals = 2): string {
  const negative = amount.startsWith('-');
  const [intPart = '0', frac = ''] = amount.replace(/^-/, '').split('.');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = decimals > 0 ? `.${frac.padEnd(decimals, '0').slice(0, decimals)}` : '';
  return `${negative ? '-' : ''}${grouped}${fraction}`;
}

export interface PdfColumn {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/**
 * A table from the current position: a shaded header row, rows with a hairline under each, a new
 * page (header repeated) when the page is full. `bold` rows (subtotals) are set in the bold face.
 */
export function pdfTable(doc: PDFKit.PDFDocument, columns: PdfColumn[], rows: { cells: string[]; bold?: boolean }[], fontSize = 9) {
  const left = doc.page.margins.left;
  const xs = columns.reduce<number[]>((acc, c, i) => [...acc, i === 0 ? left : acc[i - 1]! + columns[i - 1]!.width], []);
  const width = columns.reduce((n, c) => n + c.width, 0);
  const bottom = () => doc.page.height - doc.page.margins.bottom - 10;
  const header = (y: number) => {
    doc.font('kr-bold').fontSize(fontSize);
    const h = Math.max(...columns.map((c) => doc.heightOfString(c.title, { width: c.width - 4 })));
    doc.rect(left, y - 3, width, h + 6).fill('#eef2f7');
    doc.fillColor('#000');
    columns.forEach((c, i) => doc.text(c.title, xs[i]! + 2, y, { width: c.width - 4, align: c.align ?? 'left' }));
    return y + h + 6;
  };
  let y = header(doc.y);
  for (const row of rows) {
    doc.font(row.bold ? 'kr-bold' : 'kr').fontSize(fontSize);
    const h = Math.max(...columns.map((c, i) => doc.heightOfString(row.cells[i] ?? '', { width: c.width - 4 })));
    if (y + h > bottom()) {
      doc.addPage();
      y = header(doc.page.margins.top);
      doc.font(row.bold ? 'kr-bold' : 'kr').fontSize(fontSize);
    }
    doc.fillColor('#000');
    columns.forEach((c, i) => doc.text(row.cells[i] ?? '', xs[i]! + 2, y, { width: c.width - 4, align: c.align ?? 'left' }));
    y += h + 5;
    doc
      .moveTo(left, y - 2.5)
      .lineTo(left + width, y - 2.5)
      .strokeColor('#dde3ea')
      .lineWidth(0.5)
      .stroke();
  }
  doc.x = left;
  doc.y = y + 4;
}

/** Label / value pairs, the label in bold in a column of its own. */
export function pdfFields(
  doc: PDFKit.PDFDocument,
  pairs: [string, string][],
  opts: { x?: number; labelWidth?: number; width?: number } = {},
) {
  const x = opts.x ?? doc.page.margins.left;
  const lw = opts.labelWidth ?? 150;
  const w = opts.width ?? 495;
  for (const [label, value] of pairs) {
    if (!value) continue;
    const y = doc.y;
    doc.font('kr-bold').fontSize(9).fillColor('#222').text(label, x, y, { width: lw });
    const after = doc.y;
    doc
      .font('kr')
      .fontSize(9)
      .fillColor('#000')
      .text(value, x + lw, y, { width: w - lw });
    doc.y = Math.max(after, doc.y) + 2;
  }
  doc.x = doc.page.margins.left;
}
