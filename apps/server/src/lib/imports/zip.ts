import { Readable } from 'node:stream';
import { unzipSync } from 'fflate';

/** Limits of a zip upload once unpacked (a small zip can unpack to a great deal: a zip bomb). */
export const ZIP_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
export const ZIP_MAX_FILES = 2000;

/**
 * The files an import brings besides its sheet (payment attachments, help files): read from a zip
 * upload by their path in the zip ('receipts/2026-10.pdf'), never joined into a path on disk.
 */
export interface ImportFiles {
  names(): string[];
  get(name: string): Buffer | undefined;
}

export const NO_FILES: ImportFiles = { names: () => [], get: () => undefined };

/** The zip has no sheet to read, or several and none named after the kind. */
export class ZipWithoutSheet extends Error {}
/** The zip unpacks to more than the limits allow. */
export class ZipTooLarge extends Error {}

/** An upload's bytes, whole (the upload is already bounded by its size limit; a 413 from it passes as it is). */
export async function bytesOf(input: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of input) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

const SHEET = /\.(csv|xlsx)$/i;
/** Entries a zip tool adds on its own (macOS resource forks, folders). */
const skipped = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\.DS_Store$/.test(name);

/**
 * Unpacks a zip upload (already bounded by the upload limit): its sheet, `<kind>.csv|xlsx` or the only
 * sheet at its top level, as a stream for readRows, and every other file by its path. The declared sizes
 * are checked before anything is inflated, and the inflated sizes again after.
 */
export async function unpackImportZip(
  input: Readable,
  kind: string,
): Promise<{ sheet: Readable; sheetName: string; format: 'csv' | 'xlsx'; files: ImportFiles }> {
  const bytes = await bytesOf(input);
  let declared = 0;
  let count = 0;
  const entries = unzipSync(bytes, {
    filter: (f) => {
      if (skipped(f.name)) return false;
      declared += f.originalSize;
      count++;
      if (declared > ZIP_MAX_UNPACKED_BYTES || count > ZIP_MAX_FILES) throw new ZipTooLarge();
      return true;
    },
  });
  const map = new Map<string, Buffer>();
  let total = 0;
  for (const [name, bytes] of Object.entries(entries)) {
    total += bytes.byteLength;
    if (total > ZIP_MAX_UNPACKED_BYTES) throw new ZipTooLarge();
    map.set(name.replace(/\\/g, '/'), Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
  const topSheets = [...map.keys()].filter((n) => !n.includes('/') && SHEET.test(n));
  const sheetName =
    topSheets.find((n) => n.toLowerCase().replace(SHEET, '') === kind) ?? (topSheets.length === 1 ? topSheets[0] : undefined);
  if (!sheetName) throw new ZipWithoutSheet();
  const sheet = map.get(sheetName)!;
  map.delete(sheetName);
  return {
    sheet: Readable.from([sheet]),
    sheetName,
    format: /\.xlsx$/i.test(sheetName) ? 'xlsx' : 'csv',
    files: { names: () => [...map.keys()], get: (name) => map.get(name.replace(/\\/g, '/').replace(/^\.\//, '')) },
  };
}
