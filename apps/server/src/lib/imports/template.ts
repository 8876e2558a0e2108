import type { SheetFormat } from './read';
import type { ImportColumn } from './run';

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A template of a kind: the header row and one example row, as CSV (UTF-8 with BOM, for spreadsheets) or XLSX. */
export async function importTemplate(columns: readonly ImportColumn[], format: SheetFormat): Promise<Buffer> {
  if (format === 'csv') {
    const lines = [columns.map((c) => csvCell(c.name)).join(','), columns.map((c) => csvCell(c.example)).join(',')];
    return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
  }
  const { default: ExcelJS } = await import('exceljs'); // loaded when first asked for (docs/decisions/lazy-heavy-modules.md)
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('import');
  ws.addRow(columns.map((c) => c.name)).font = { bold: true };
  ws.addRow(columns.map((c) => c.example));
  columns.forEach((c, i) => {
    ws.getCell(1, i + 1).note = `${c.required ? '(required) ' : ''}${c.description}`;
    ws.getColumn(i + 1).width = Math.max(12, c.name.length + 2);
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
