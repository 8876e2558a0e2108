import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { SheetColumn, SheetOptions } from './xlsx-stream';

/** A byte order mark first: Excel then reads the file as UTF-8 (Korean, Japanese, Chinese names intact). */
const BOM = '\uFEFF';
/** Cells a spreadsheet would take for a formula (CSV injection, OWASP): written with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;
const NUMERIC_FORMATS = new Set(['int', 'money', 'rate']);

/** One field, RFC 4180: quoted when it holds a comma, a quote or a line break, quotes doubled. */
export function csvField(text: string): string {
  const guarded = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/**
 * The CSV counterpart of xlsxWorkerStream: UTF-8 with BOM, CRLF, numbers as they are, dates as their text,
 * other cells guarded against formulas; formatted on this thread (cheap next to the xlsx's zip).
 */
export function csvStream(columns: SheetColumn[], options: Pick<SheetOptions, 'lookups'> = {}) {
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  const lookupOf = columns.map((c) => (c.lookup ? (options.lookups?.[c.lookup] ?? {}) : null));
  const cell = (v: unknown, i: number): string => {
    if (v === null || v === undefined) return '';
    const c = columns[i]!;
    if (typeof v === 'number' || typeof v === 'bigint') return String(v);
    if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
    const text = v instanceof Date ? v.toISOString() : String(v);
    if (c.format && NUMERIC_FORMATS.has(c.format) && NUMERIC_TEXT.test(text)) return text;
    if (c.format === 'date') return csvField(text.slice(0, 10));
    if (c.format === 'datetime') return csvField(text.slice(0, 16));
    const lookup = lookupOf[i];
    return csvField(lookup ? (lookup[text] ?? text) : text);
  };
  const line = (values: readonly unknown[]) => `${columns.map((_c, i) => cell(values[i], i)).join(',')}\r\n`;
  let failed: Error | null = null;
  const write = async (text: string) => {
    if (failed) throw failed;
    if (!out.write(text)) await once(out, 'drain');
  };
  out.write(`${BOM}${columns.map((c) => csvField(c.header)).join(',')}\r\n`);
  return {
    out,
    async push(rows: readonly (readonly unknown[])[]) {
      let text = '';
      for (const r of rows) text += line(r);
      if (text) await write(text);
    },
    async end() {
      if (failed) throw failed;
      out.end();
    },
    abort(e: Error) {
      failed ??= e;
      out.destroy(e);
    },
  };
}
