/**
 * The text of a CSV upload (issue 56): UTF-8, UTF-16 with BOM, or CP949, detected unless named; an invalid
 * byte is refused with its row and offset, never read as U+FFFD. CP949 by iconv-lite: Node's
 * TextDecoder('euc-kr') here is ICU's KS X 1001 and misreads Unified Hangul Code (똠 = 8C 63) silently.
 */
import type { TImportEncoding } from '@portal/contract';
import iconv from 'iconv-lite';

/** What the `encoding` parameter of an import may name; `auto` detects (the BOM, else the first non-ASCII bytes). */
export type TextEncodingName = TImportEncoding;

type Decoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'euc-kr';

/** How an encoding is named in a report. */
const LABEL: Record<Decoding, string> = { 'utf-8': 'UTF-8', 'utf-16le': 'UTF-16', 'utf-16be': 'UTF-16', 'euc-kr': 'CP949 (EUC-KR)' };

/** A byte sequence that is not valid in the encoding used: where it is (row as a spreadsheet counts, byte offset from 0). */
export class BadEncoding extends Error {
  constructor(
    readonly row: number,
    readonly offset: number,
    readonly encoding: string,
  ) {
    super(`row ${row}: byte ${offset} is not valid ${encoding}`);
  }
}

/** Bytes of the current line kept to name a bad byte exactly (a longer line is named by its chunk). */
const LINE_KEPT = 1 << 20;

/** A streaming decoder that throws at an invalid sequence. */
interface Decoder {
  write(bytes: Uint8Array): string;
  end(): string;
}

function fatal(enc: Decoding): Decoder {
  if (enc === 'euc-kr') {
    const d = iconv.getDecoder('cp949');
    const checked = (s: string) => {
      if (s.includes('\ufffd')) throw new TypeError('invalid CP949');
      return s;
    };
    return { write: (b) => checked(d.write(Buffer.from(b.buffer, b.byteOffset, b.byteLength))), end: () => checked(d.end() ?? '') };
  }
  const d = new TextDecoder(enc, { fatal: true });
  return { write: (b) => d.decode(b, { stream: true }), end: () => d.decode() };
}

function bomOf(head: Buffer): Decoding | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** Index after the chunk's last newline (absolute offset `base` decides a UTF-16 code unit's alignment), or -1. */
function afterLastNewline(chunk: Buffer, base: number, enc: Decoding): number {
  if (enc !== 'utf-16le' && enc !== 'utf-16be') {
    const i = chunk.lastIndexOf(0x0a);
    return i < 0 ? -1 : i + 1;
  }
  const unit = enc === 'utf-16le' ? Buffer.from([0x0a, 0x00]) : Buffer.from([0x00, 0x0a]);
  for (let i = chunk.lastIndexOf(unit); i >= 0; i = i > 0 ? chunk.lastIndexOf(unit, i - 1) : -1) if ((base + i) % 2 === 0) return i + 2;
  return -1;
}

function newlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** The text of `input` as `named` (auto: a BOM, else UTF-8 if the first non-ASCII bytes are, else CP949). */
export async function* decodeText(input: AsyncIterable<Buffer | string>, named: TextEncodingName = 'auto'): AsyncGenerator<string> {
  let enc: Decoding | undefined = named === 'utf-8' || named === 'euc-kr' ? named : undefined;
  let decoder: Decoder | undefined;
  let head: Buffer | null = Buffer.alloc(0); // the first bytes until a BOM can be told (null once it has been)
  let offset = 0; // bytes before the current chunk
  let row = 1; // the row the current line is on
  let lineStart = 0; // offset where the current line starts (-1: too long to keep)
  let line: Buffer[] = []; // its bytes before the current chunk
  let lineLength = 0;
  let carry: Buffer | undefined; // non-ASCII bytes not yet decided on

  /** The first invalid byte in the current line + `chunk`, as BadEncoding. */
  const locate = (chunk: Buffer, used: Decoding) => {
    if (lineStart < 0) return new BadEncoding(row, offset, LABEL[used]);
    const bytes = Buffer.concat([...line, chunk]);
    const fails = (p: number) => {
      try {
        fatal(used).write(bytes.subarray(0, p));
        return false;
      } catch {
        return true;
      }
    };
    // the shortest failing prefix: its last byte is the bad one (a prefix cut inside a sequence does not fail in stream mode)
    let lo = 1;
    let hi = bytes.length;
    if (!fails(hi)) return new BadEncoding(row, lineStart + bytes.length - 1, LABEL[used]);
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (fails(mid)) hi = mid;
      else lo = mid + 1;
    }
    const before = fatal(used).write(bytes.subarray(0, lo - 1));
    return new BadEncoding(row + newlines(before), lineStart + lo - 1, LABEL[used]);
  };

  /** Moves the line bookkeeping past a decoded chunk. */
  const advance = (chunk: Buffer, text: string, used: Decoding) => {
    const n = newlines(text);
    if (n > 0) {
      row += n;
      const after = afterLastNewline(chunk, offset, used);
      const at = after < 0 ? Math.min(1, chunk.length) : after; // a UTF-16 newline split between chunks
      lineStart = offset + at;
      line = [Buffer.from(chunk.subarray(at))];
      lineLength = chunk.length - at;
    } else if (lineStart >= 0) {
      lineLength += chunk.length;
      if (lineLength > LINE_KEPT) {
        lineStart = -1;
        line = [];
      } else line.push(Buffer.from(chunk));
    }
    offset += chunk.length;
  };

  /** Decodes `chunk` (an encoding is known, or the bytes so far are ASCII). */
  function* take(chunk: Buffer, last = false): Generator<string> {
    if (carry) {
      chunk = Buffer.concat([carry, chunk]);
      carry = undefined;
    }
    if (!enc) {
      const high = chunk.findIndex((b) => b >= 0x80);
      if (high < 0) {
        const text = chunk.toString('latin1');
        advance(chunk, text, 'utf-8');
        if (text) yield text;
        return;
      }
      // ASCII up to here (the same in every encoding accepted); the first non-ASCII bytes decide
      if (high > 0) yield* take(chunk.subarray(0, high));
      chunk = chunk.subarray(high);
      // the run of non-ASCII bytes (in UTF-8 every byte of a multi-byte character is one)
      const run = chunk.findIndex((b) => b < 0x80);
      // a few bytes cut off by the chunk's end cannot tell: wait for the next chunk
      if (run < 0 && chunk.length < 8 && !last) {
        carry = Buffer.from(chunk);
        return;
      }
      try {
        fatal('utf-8').write(chunk.subarray(0, run < 0 ? chunk.length : run));
        enc = 'utf-8';
      } catch {
        enc = 'euc-kr';
      }
    }
    decoder ??= fatal(enc);
    let text: string;
    try {
      text = decoder.write(chunk);
    } catch {
      throw locate(chunk, enc);
    }
    advance(chunk, text, enc);
    if (text) yield text;
  }

  for await (const piece of input) {
    let chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    if (head) {
      head = Buffer.concat([head, chunk]);
      if (head.length < 3) continue;
      chunk = head;
      head = null;
      const bom = bomOf(chunk);
      if (named === 'auto' || named === 'utf-16') enc = bom ?? (named === 'utf-16' ? 'utf-16le' : undefined);
    }
    yield* take(chunk);
  }
  if (head?.length) {
    enc ??= bomOf(head) ?? (named === 'utf-16' ? 'utf-16le' : undefined);
    yield* take(head, true);
  } else if (carry) yield* take(Buffer.alloc(0), true);
  if (decoder && enc) {
    let rest: string;
    try {
      rest = decoder.end();
    } catch {
      // a sequence cut off by the end of the file
      throw new BadEncoding(row, Math.max(0, offset - 1), LABEL[enc]);
    }
    if (rest) yield rest;
  }
}
