/** Small real files for the demo rows (help files, payment receipts), made with the libraries the server uses. */

/** A one-page PDF in Helvetica (pdfkit's own font: no font file to embed). Loaded only when a seed runs. */
export async function simplePdf(title: string, lines: string[], size: 'A4' | 'A5' = 'A4'): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size, margin: 40, info: { Title: title, Producer: 'Publisher Portal demo seed' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(16).text(title);
  doc.moveDown();
  doc.font('Helvetica').fontSize(10);
  for (const l of lines) doc.text(l);
  doc.end();
  return done;
}

/** A workbook of one sheet. */
export async function simpleXlsx(sheet: string, rows: (string | number)[][]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet(sheet).addRows(rows);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
