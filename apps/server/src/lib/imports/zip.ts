import { Readable } from 'node:stream';
import yauzl from 'yauzl';

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

/** An upload's bytes, whole (the upload is already bounded by its size limit). */
export async function bytesOf(input: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of input) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

const SHEET = /\.(csv|xlsx)$/i;
/** Entries a zip tool adds on its own (macOS resource forks, folders). */
const skipped = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\.DS_Store$/.test(name);

/**
 * The entries of a zip that `wanted` names, inflated by yauzl off the event loop, every byte counted against the
 * limits as it comes: ZipTooLarge over them, anything else for a broken zip.
 */
export async function inflateEntries(source: string | Buffer, wanted: (name: string) => boolean): Promise<Map<string, Buffer>> {
  const options = { lazyEntries: true, autoClose: true, validateEntrySizes: true, strictFileNames: false };
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    const done = (err: Error | null, z: yauzl.ZipFile) => (err ? reject(err) : resolve(z));
    if (typeof source === 'string') yauzl.open(source, options, done);
    else yauzl.fromBuffer(source, options, done);
  });
  return new Promise((resolve, reject) => {
    const out = new Map<string, Buffer>();
    let total = 0;
    let count = 0;
    let settled = false;
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      zip.close();
      reject(e instanceof Error ? e : new Error(String(e)));
    };
    zip.on('error', fail);
    zip.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(out);
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName.replace(/\\/g, '/');
      if (skipped(name) || !wanted(name)) return zip.readEntry();
      if (++count > ZIP_MAX_FILES || total + entry.uncompressedSize > ZIP_MAX_UNPACKED_BYTES) return fail(new ZipTooLarge());
      zip.openReadStream(entry, (err, stream) => {
        if (err) return fail(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => {
          total += c.length;
          if (total > ZIP_MAX_UNPACKED_BYTES) {
            stream.destroy();
            fail(new ZipTooLarge());
          } else chunks.push(c);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          out.set(name, Buffer.concat(chunks));
          if (!settled) zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

/**
 * Unpacks a zip upload (a file on disk, already bounded by the upload limit): its sheet, `<kind>.csv|xlsx`
 * or the only sheet at its top level, as a stream for readRows, and every other file by its path.
 */
export async function unpackImportZip(
  file: string,
  kind: string,
): Promise<{ sheet: Readable; sheetName: string; format: 'csv' | 'xlsx'; files: ImportFiles }> {
  const map = await inflateEntries(file, () => true);
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
