import {
  BOOKS_FILE_NAME,
  MAX_INFLATE_RATIO,
  MAX_INFLATED_BYTES,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_ISBNS,
  classifyIsbnColumn,
  type IsbnCell,
  type IsbnColumn,
} from '@portal/contract';
import { checkInflation, inflateEntry, readCentralDirectory, ZipError, type ZipEntry } from './zip';

/**
 * Reads the ISBNs of books.xlsx in the browser (spec §5): only a file named exactly books.xlsx that
 * is really an xlsx (zip magic and a workbook inside), only the first column of the first sheet.
 * Size and inflation are judged from the zip's central directory before anything is inflated.
 */
export type BooksFileProblem = 'fileName' | 'notXlsx' | 'tooLarge' | 'bomb' | 'tooMany' | 'noIsbns';

export class BooksFileError extends Error {
  constructor(
    readonly problem: BooksFileProblem,
    message: string,
  ) {
    super(message);
    this.name = 'BooksFileError';
  }
}

export interface BooksFile extends IsbnColumn {
  sheetName: string;
}

const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function parseXml(bytes: Uint8Array): Document {
  const doc = new DOMParser().parseFromString(new TextDecoder().decode(bytes), 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) throw new BooksFileError('notXlsx', 'broken XML in the workbook');
  return doc;
}

const byLocalName = (root: Document | Element, name: string) => {
  const ns = root.getElementsByTagNameNS(SHEET_NS, name);
  return ns.length > 0 ? Array.from(ns) : Array.from(root.getElementsByTagName(name));
};

/** 'AB12' → column number 28 (1-based) */
function columnOf(ref: string | null): number | undefined {
  if (!ref) return undefined;
  const m = /^([A-Z]+)/.exec(ref);
  if (!m) return undefined;
  let n = 0;
  for (const ch of m[1]!) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** Text of a shared string or inline string: plain <t> or rich-text runs <r><t>. */
const textOf = (el: Element) =>
  byLocalName(el, 't')
    .filter((t) => t.parentElement?.localName !== 'rPh') // phonetic hints are not part of the text
    .map((t) => t.textContent ?? '')
    .join('');

function resolveTarget(target: string) {
  if (target.startsWith('/')) return target.slice(1);
  const parts = `xl/${target}`.split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.') out.push(p);
  }
  return out.join('/');
}

/** The cells of column A of the first sheet, as typed values (numbers stay numbers). */
export function readFirstColumn(bytes: Uint8Array): { sheetName: string; cells: IsbnCell[] } {
  let entries: ZipEntry[];
  try {
    entries = readCentralDirectory(bytes);
    checkInflation(entries, MAX_INFLATED_BYTES, MAX_INFLATE_RATIO);
  } catch (e) {
    if (e instanceof ZipError) throw new BooksFileError(e.kind === 'bomb' ? 'bomb' : 'notXlsx', e.message);
    throw e;
  }
  const find = (name: string) => entries.find((e) => e.name === name);
  const read = (name: string) => {
    const e = find(name);
    if (!e) return undefined;
    try {
      return inflateEntry(bytes, e);
    } catch (err) {
      if (err instanceof ZipError) throw new BooksFileError(err.kind === 'bomb' ? 'bomb' : 'notXlsx', err.message);
      throw new BooksFileError('notXlsx', `cannot inflate ${name}`);
    }
  };
  if (!find('[Content_Types].xml')) throw new BooksFileError('notXlsx', 'no [Content_Types].xml: not an Office Open XML file');
  const workbookBytes = read('xl/workbook.xml');
  if (!workbookBytes) throw new BooksFileError('notXlsx', 'no workbook inside');
  const workbook = parseXml(workbookBytes);
  const firstSheet = byLocalName(workbook, 'sheet')[0];
  if (!firstSheet) throw new BooksFileError('notXlsx', 'the workbook has no sheet');
  const sheetName = firstSheet.getAttribute('name') ?? '';
  const rid = firstSheet.getAttributeNS(REL_NS, 'id') ?? firstSheet.getAttribute('r:id');
  let sheetPath = 'xl/worksheets/sheet1.xml';
  const relsBytes = read('xl/_rels/workbook.xml.rels');
  if (relsBytes && rid) {
    const rel = Array.from(parseXml(relsBytes).getElementsByTagName('Relationship')).find((r) => r.getAttribute('Id') === rid);
    const target = rel?.getAttribute('Target');
    if (target) sheetPath = resolveTarget(target);
  }
  const sheetBytes = read(sheetPath);
  if (!sheetBytes) throw new BooksFileError('notXlsx', `no ${sheetPath}`);

  let shared: string[] = [];
  const sstBytes = read('xl/sharedStrings.xml');
  if (sstBytes) shared = byLocalName(parseXml(sstBytes), 'si').map(textOf);

  const sheet = parseXml(sheetBytes);
  const cells: IsbnCell[] = [];
  let rowNo = 0;
  for (const row of byLocalName(sheet, 'row')) {
    const r = Number(row.getAttribute('r'));
    rowNo = Number.isInteger(r) && r > 0 ? r : rowNo + 1;
    let col = 0;
    for (const c of Array.from(row.children)) {
      if (c.localName !== 'c') continue;
      col = columnOf(c.getAttribute('r')) ?? col + 1;
      if (col !== 1) continue;
      const type = c.getAttribute('t') ?? 'n';
      const v = Array.from(c.children).find((x) => x.localName === 'v')?.textContent ?? '';
      let value: unknown;
      if (type === 's') value = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') {
        const is = Array.from(c.children).find((x) => x.localName === 'is');
        value = is ? textOf(is) : '';
      } else if (type === 'str' || type === 'e') value = v;
      else if (type === 'b') value = v === '1' ? 'TRUE' : 'FALSE';
      else value = v === '' ? '' : Number(v);
      cells.push({ row: rowNo, value });
      break;
    }
  }
  return { sheetName, cells };
}

/** The whole check of the chosen file, in the order the user should hear about problems. */
export async function readBooksFile(file: File): Promise<BooksFile> {
  if (file.name !== BOOKS_FILE_NAME) throw new BooksFileError('fileName', `the file must be named ${BOOKS_FILE_NAME}`);
  if (file.size > MAX_UPLOAD_BYTES) throw new BooksFileError('tooLarge', `the file is larger than ${MAX_UPLOAD_BYTES} bytes`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  return readBooksBytes(bytes);
}

export function readBooksBytes(bytes: Uint8Array): BooksFile {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new BooksFileError('tooLarge', `the file is larger than ${MAX_UPLOAD_BYTES} bytes`);
  const { sheetName, cells } = readFirstColumn(bytes);
  const column = classifyIsbnColumn(cells);
  if (column.valid.length + column.invalid.length > MAX_UPLOAD_ISBNS)
    throw new BooksFileError('tooMany', `more than ${MAX_UPLOAD_ISBNS} ISBN rows`);
  if (column.valid.length + column.invalid.length === 0) throw new BooksFileError('noIsbns', 'no ISBN in the first column');
  return { sheetName, ...column };
}
