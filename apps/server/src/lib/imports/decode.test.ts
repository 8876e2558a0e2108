import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BadEncoding, decodeText, type TextEncodingName } from './decode';

/** The text of `bytes` fed in pieces of `size` bytes (chunk boundaries anywhere). */
async function text(bytes: Buffer, named: TextEncodingName = 'auto', size = 1 << 16) {
  const pieces = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  let out = '';
  for await (const s of decodeText(Readable.from(pieces), named)) out += s;
  return out;
}

async function failure(bytes: Buffer, named: TextEncodingName = 'auto', size = 1 << 16) {
  try {
    await text(bytes, named, size);
  } catch (e) {
    if (e instanceof BadEncoding) return { row: e.row, offset: e.offset, encoding: e.encoding };
    throw e;
  }
  throw new Error('decoded');
}

// 한빛미디어 in CP949 (what Korean Excel writes for "CSV")
const HANBIT_CP949 = Buffer.from([0xc7, 0xd1, 0xba, 0xfb, 0xb9, 0xcc, 0xb5, 0xf0, 0xbe, 0xee]);
const csv = 'id,company_name\nhanbit,한빛미디어\n';

describe('decodeText', () => {
  it('reads UTF-8 with and without BOM, and UTF-16 with either BOM', async () => {
    for (const size of [1, 2, 3, 7, 1 << 16]) {
      expect(await text(Buffer.from(csv), 'auto', size)).toBe(csv);
      expect(await text(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]), 'auto', size)).toBe(csv);
      const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]);
      expect(await text(le, 'auto', size)).toBe(csv);
      const be = Buffer.from(le);
      be.swap16();
      expect(await text(be, 'auto', size)).toBe(csv);
    }
  });

  it('detects CP949 (EUC-KR) from its first non-ASCII bytes, or reads it when named', async () => {
    const bytes = Buffer.concat([Buffer.from('id,company_name\nhanbit,'), HANBIT_CP949, Buffer.from('\n')]);
    for (const size of [1, 5, 1 << 16]) {
      expect(await text(bytes, 'auto', size)).toBe(csv);
      expect(await text(bytes, 'euc-kr', size)).toBe(csv);
    }
    // a UHC-only syllable (똠, outside KS X 1001) is read too: the decoder is CP949's
    expect(await text(Buffer.from([0x8c, 0x63]), 'euc-kr')).toBe('똠');
  });

  it('refuses a byte that is not valid in the encoding used, with its row and byte offset', async () => {
    // UTF-8 detected on row 2, then a lone 0xff on row 3
    const utf8 = Buffer.concat([Buffer.from('id,name\na,한\nb,x'), Buffer.from([0xff]), Buffer.from('y\n')]);
    for (const size of [1, 4, 1 << 16]) {
      expect(await failure(utf8, 'auto', size)).toEqual({ row: 3, offset: 17, encoding: 'UTF-8' });
    }
    // CP949 named: 0xff is no lead byte of it
    const named = Buffer.concat([Buffer.from('id,name\n\n\nx,'), Buffer.from([0xff, 0x0a])]);
    expect(await failure(named, 'euc-kr')).toEqual({ row: 4, offset: 12, encoding: 'CP949 (EUC-KR)' });
    // a CP949 lead byte followed by a newline
    const cut = Buffer.concat([Buffer.from('a\n'), HANBIT_CP949, Buffer.from([0xc7, 0x0a, 0x41])]);
    for (const size of [1, 3, 1 << 16])
      expect(await failure(cut, 'auto', size)).toEqual({ row: 2, offset: 13, encoding: 'CP949 (EUC-KR)' });
    // named UTF-8, and the file is CP949
    expect(await failure(Buffer.concat([Buffer.from('x\n'), HANBIT_CP949]), 'utf-8')).toEqual({ row: 2, offset: 3, encoding: 'UTF-8' });
  });

  it('never yields U+FFFD for bad bytes: the decoders are fatal', async () => {
    await expect(text(Buffer.from([0x41, 0x0a, 0xc3]), 'utf-8')).rejects.toBeInstanceOf(BadEncoding);
    // a U+FFFD in the file itself is kept: it is valid UTF-8
    expect(await text(Buffer.from('\ufffd'))).toBe('\ufffd');
  });
});
