import { Inflate } from 'fflate';

/**
 * A small zip reader for the upload: reads the central directory first, so sizes can be judged
 * before anything is inflated, then inflates only the entries asked for, each capped at its
 * declared size (a zip that lies about its sizes is stopped as it inflates).
 */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export class ZipError extends Error {
  constructor(
    readonly kind: 'notZip' | 'bomb',
    message: string,
  ) {
    super(message);
  }
}

const u16 = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);
const u32 = (b: Uint8Array, o: number) => (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;

export const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

export function readCentralDirectory(b: Uint8Array): ZipEntry[] {
  if (!isZip(b)) throw new ZipError('notZip', 'no zip signature');
  // end of central directory: 22 bytes + a comment of up to 65535
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65535); i--) {
    if (u32(b, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('notZip', 'no end of central directory');
  const count = u16(b, eocd + 10);
  const cdSize = u32(b, eocd + 12);
  const cdOffset = u32(b, eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new ZipError('bomb', 'zip64 is not expected in a books.xlsx');
  if (cdOffset + cdSize > b.length) throw new ZipError('notZip', 'central directory outside the file');
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (p + 46 > b.length || u32(b, p) !== 0x02014b50) throw new ZipError('notZip', 'broken central directory');
    const nameLen = u16(b, p + 28);
    const extraLen = u16(b, p + 30);
    const commentLen = u16(b, p + 32);
    entries.push({
      method: u16(b, p + 10),
      compressedSize: u32(b, p + 20),
      size: u32(b, p + 24),
      name: decoder.decode(b.subarray(p + 46, p + 46 + nameLen)),
      localHeaderOffset: u32(b, p + 42),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Refuses, from the declared sizes alone, a total beyond `maxTotal` or an entry inflating beyond `maxRatio`. */
export function checkInflation(entries: ZipEntry[], maxTotal: number, maxRatio: number) {
  let total = 0;
  for (const e of entries) {
    total += e.size;
    // small parts (styles, themes) compress well; only judge the ratio of parts that are big when inflated
    if (e.size > 256 * 1024 && e.size / Math.max(1, e.compressedSize) > maxRatio)
      throw new ZipError('bomb', `${e.name} would inflate ${Math.round(e.size / Math.max(1, e.compressedSize))} times`);
  }
  if (total > maxTotal) throw new ZipError('bomb', `the workbook would inflate to ${total} bytes`);
}

/**
 * Compressed bytes handed to the inflater at a time. fflate inflates everything it is given before
 * it reports any output, so one push of a whole entry that lies about its size would inflate all of
 * it (60 MB and more) before the size check could run. Deflate expands at most ~1032 times, so a
 * 1 KiB step lets the output pass the declared size by about 1 MiB at worst before it is stopped.
 */
export const INFLATE_STEP = 1024;

/** Inflates one entry, stopping as soon as it produces more than it declared. */
export function inflateEntry(b: Uint8Array, e: ZipEntry): Uint8Array {
  const p = e.localHeaderOffset;
  if (p + 30 > b.length || u32(b, p) !== 0x04034b50) throw new ZipError('notZip', 'broken local header');
  const start = p + 30 + u16(b, p + 26) + u16(b, p + 28);
  const data = b.subarray(start, start + e.compressedSize);
  if (e.method === 0) {
    if (e.compressedSize !== e.size) throw new ZipError('bomb', 'stored entry with two sizes');
    return data;
  }
  if (e.method !== 8) throw new ZipError('notZip', `compression method ${e.method}`);
  const out = new Uint8Array(e.size);
  let at = 0;
  const inflater = new Inflate((chunk) => {
    if (at + chunk.length > e.size) throw new ZipError('bomb', `${e.name} inflates beyond its declared size`);
    out.set(chunk, at);
    at += chunk.length;
  });
  for (let i = 0; i < data.length; i += INFLATE_STEP) {
    const end = Math.min(data.length, i + INFLATE_STEP);
    inflater.push(data.subarray(i, end), end === data.length);
  }
  if (data.length === 0) inflater.push(data, true);
  return at === e.size ? out : out.subarray(0, at);
}
