import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** PDF documents with Noto Sans from npm: Hangul, Chinese and Japanese render without installed fonts. */

const require = createRequire(import.meta.url);

/** Noto Sans in the variant of a script: KR (Hangul, Latin; the invoices), SC (simplified Chinese), JP. */
export type PdfFamily = 'kr' | 'sc' | 'jp';
// literal package names (knip and bundlers see them); resolved on first use
const PACKAGES: Record<PdfFamily, [() => string, string]> = {
  kr: [() => require.resolve('@expo-google-fonts/noto-sans-kr/package.json'), 'NotoSansKR'],
  sc: [() => require.resolve('@expo-google-fonts/noto-sans-sc/package.json'), 'NotoSansSC'],
  jp: [() => require.resolve('@expo-google-fonts/noto-sans-jp/package.json'), 'NotoSansJP'],
};
const loaded = new Map<PdfFamily, { regular: Buffer; bold: Buffer }>();
function loadFonts(family: PdfFamily) {
  let found = loaded.get(family);
  if (!found) {
    const [resolve, name] = PACKAGES[family];
    const dir = path.dirname(resolve());
    found = {
      regular: readFileSync(path.join(dir, `400Regular/${name}_400Regular.ttf`)),
      bold: readFileSync(path.join(dir, `700Bold/${name}_700Bold.ttf`)),
    };
    loaded.set(family, found);
  }
  return found;
}

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;

/** Documents whose own family is not Noto Sans KR: text with Hangul in them takes 'hangul' / 'hangul-bold'. */
const needsHangulFace = new WeakSet<PDFKit.PDFDocument>();

/** Sets the face for `text`: Noto Sans KR for Hangul in a Chinese or Japanese document (each font opened is parsed again). */
export function face(doc: PDFKit.PDFDocument, text: string, bold = false) {
  const hangul = needsHangulFace.has(doc) && HANGUL.test(text);
  return doc.font(hangul ? (bold ? 'hangul-bold' : 'hangul') : bold ? 'bold' : 'body');
}

/** An A4 document with fonts 'body' and 'bold' of `family` (and 'hangul' for Korean names), and its bytes after `doc.end()`. */
export async function createPdf(
  info: PDFKit.DocumentInfo,
  family: PdfFamily = 'kr',
): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  // loaded when the first PDF is made, not at start (docs/decisions/lazy-heavy-modules.md)
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Author: 'Publisher Portal', ...info } });
  const main = loadFonts(family);
  doc.registerFont('body', main.regular);
  doc.registerFont('bold', main.bold);
  if (family !== 'kr') {
    const kr = loadFonts('kr');
    doc.registerFont('hangul', kr.regular);
    doc.registerFont('hangul-bold', kr.bold);
    needsHangulFace.add(doc);
  }
  doc.font('body');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

export interface PdfColumn {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** A table: a shaded header row, hairlines, the header repeated on a new page; `bold` rows for subtotals. */
export function pdfTable(doc: PDFKit.PDFDocument, columns: PdfColumn[], rows: { cells: string[]; bold?: boolean }[], fontSize = 9) {
  const left = doc.page.margins.left;
  const xs = columns.reduce<number[]>((acc, c, i) => [...acc, i === 0 ? left : acc[i - 1]! + columns[i - 1]!.width], []);
  const width = columns.reduce((n, c) => n + c.width, 0);
  const bottom = () => doc.page.height - doc.page.margins.bottom - 10;
  const header = (y: number) => {
    doc.fontSize(fontSize);
    const h = Math.max(...columns.map((c) => face(doc, c.title, true).heightOfString(c.title, { width: c.width - 4 })));
    doc.rect(left, y - 3, width, h + 6).fill('#eef2f7');
    doc.fillColor('#000');
    columns.forEach((c, i) => face(doc, c.title, true).text(c.title, xs[i]! + 2, y, { width: c.width - 4, align: c.align ?? 'left' }));
    return y + h + 6;
  };
  /** A right-aligned one-line cell that fits is placed by its width, without the (costly) line wrapper. */
  const oneLine = (c: PdfColumn, text: string) => c.align === 'right' && !text.includes('\n') && doc.widthOfString(text) <= c.width - 4;
  let y = header(doc.y);
  for (const row of rows) {
    doc.fontSize(fontSize);
    const cell = (i: number) => row.cells[i] ?? '';
    const lineHeight = doc.currentLineHeight(true);
    const fits = columns.map((c, i) => face(doc, cell(i), row.bold) && (cell(i) === '' || oneLine(c, cell(i))));
    const h = Math.max(
      lineHeight,
      ...columns.map((c, i) => (fits[i] ? lineHeight : face(doc, cell(i), row.bold).heightOfString(cell(i), { width: c.width - 4 }))),
    );
    if (y + h > bottom()) {
      doc.addPage();
      y = header(doc.page.margins.top);
      doc.fontSize(fontSize);
    }
    doc.fillColor(row.bold ? '#000' : '#111');
    columns.forEach((c, i) => {
      const text = cell(i);
      if (text === '') return;
      face(doc, text, row.bold);
      if (fits[i]) doc.text(text, xs[i]! + c.width - 2 - doc.widthOfString(text), y, { lineBreak: false });
      else doc.text(text, xs[i]! + 2, y, { width: c.width - 4, align: c.align ?? 'left' });
    });
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
    face(doc, label, true).fontSize(9).fillColor('#222').text(label, x, y, { width: lw });
    const after = doc.y;
    face(doc, value)
      .fontSize(9)
      .fillColor('#000')
      .text(value, x + lw, y, { width: w - lw });
    doc.y = Math.max(after, doc.y) + 2;
  }
  doc.x = doc.page.margins.left;
}
