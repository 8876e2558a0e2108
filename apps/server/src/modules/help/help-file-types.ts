/**
 * The kinds of help file an operator may load, each checked on its first bytes as well as its
 * extension: an .exe renamed .pdf (or any content that is not what its name says) is refused.
 */
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from('PK\x03\x04', 'latin1');
const PDF = Buffer.from('%PDF-', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

const startsWith = (magic: Buffer) => (b: Buffer) => b.subarray(0, magic.length).equals(magic);

/** Text: valid UTF-8 without NUL bytes (every executable and binary format has NULs). */
function isText(b: Buffer): boolean {
  if (b.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

const TYPES: Record<string, { mime: string; check: (b: Buffer) => boolean }> = {
  pdf: { mime: 'application/pdf', check: startsWith(PDF) },
  zip: { mime: 'application/zip', check: startsWith(ZIP) },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', check: startsWith(ZIP) },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', check: startsWith(ZIP) },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', check: startsWith(ZIP) },
  hwpx: { mime: 'application/hwp+zip', check: startsWith(ZIP) },
  xls: { mime: 'application/vnd.ms-excel', check: startsWith(OLE) },
  doc: { mime: 'application/msword', check: startsWith(OLE) },
  ppt: { mime: 'application/vnd.ms-powerpoint', check: startsWith(OLE) },
  hwp: { mime: 'application/x-hwp', check: startsWith(OLE) },
  png: { mime: 'image/png', check: startsWith(PNG) },
  jpg: { mime: 'image/jpeg', check: startsWith(JPEG) },
  jpeg: { mime: 'image/jpeg', check: startsWith(JPEG) },
  txt: { mime: 'text/plain; charset=utf-8', check: isText },
  csv: { mime: 'text/csv; charset=utf-8', check: isText },
};

/** The extensions accepted, for the report's message and the docs. */
export const HELP_FILE_EXTENSIONS = Object.keys(TYPES);

/** The lower-case extension of a path ('' when it has none). */
export const extensionOf = (path: string) => /\.([A-Za-z0-9]{1,10})$/.exec(path)?.[1]?.toLowerCase() ?? '';

/** The MIME type of an accepted file, or null when its extension is not accepted or its bytes are not of that kind. */
export function helpFileMime(path: string, bytes: Buffer): string | null {
  const type = TYPES[extensionOf(path)];
  return type && bytes.length > 0 && type.check(bytes) ? type.mime : null;
}
