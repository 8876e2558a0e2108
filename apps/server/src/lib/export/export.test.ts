import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { csvField, csvStream } from './csv';
import { exportGate, freePermitsOf, nextWorkerId } from './gate';
import { createExportScheduler } from './scheduler';
import { createExportSlots } from './slots';

const text = async (s: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

describe('CSV', () => {
  it('quotes per RFC 4180 and guards formula-looking text', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    for (const f of ['=1+2', '+1', '-1', '@SUM(A1)', '\tx']) expect(csvField(f)).toBe(`'${f}`);
    expect(csvField('=a,b')).toBe(`"'=a,b"`);
  });

  it('writes a BOM, the header, typed cells and lookups, CRLF line ends', async () => {
    const s = csvStream(
      [
        { header: 'No.', key: 'no', width: 4 },
        { header: 'Amount', key: 'amount', width: 10, format: 'money' },
        { header: 'Day', key: 'day', width: 10, format: 'date' },
        { header: 'When', key: 'when', width: 16, format: 'datetime' },
        { header: 'Country', key: 'country', width: 8, lookup: 'country' },
        { header: 'Name', key: 'name', width: 8 },
      ],
      { lookups: { country: { KOR: '대한민국' } } },
    );
    const out = text(s.out);
    await s.push([[1, '-1234.50', '2026-01-02', '2026-01-02 10:11:12', 'KOR', '-x']]);
    await s.push([[2, null, undefined, '', 'JPN', '김']]);
    await s.end();
    expect(await out).toBe(
      "\uFEFFNo.,Amount,Day,When,Country,Name\r\n1,-1234.50,2026-01-02,2026-01-02 10:11,대한민국,'-x\r\n2,,,,JPN,김\r\n",
    );
  });
});

describe('export slots', () => {
  it('admits at most `perCompany` per company and `max` in all, and frees a slot once', () => {
    const slots = createExportSlots({ max: 3, perCompany: 2 });
    const a1 = slots.claim(1);
    slots.claim(1);
    expect(() => slots.claim(1)).toThrow(AppError);
    slots.claim(2);
    expect(() => slots.claim(3)).toThrow(/Too many exports/);
    a1();
    a1();
    expect(slots.inUse).toBe(2);
    expect(() => slots.claim(1)).not.toThrow();
  });
});

describe('export scheduler', () => {
  it('holds exports back while a list is answered and counts it in the shared gate', async () => {
    const s = createExportScheduler();
    const { cells, permits, epoch } = exportGate;
    let release!: () => void;
    const list = s.interactive(() => new Promise<void>((r) => (release = r)));
    let gaveWay = false;
    const waiting = s.giveWay().then(() => (gaveWay = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(gaveWay).toBe(false);
    expect(Atomics.load(cells, permits + 1)).toBe(1); // the lists being answered, as a worker reads them
    const before = Date.now() - epoch;
    release();
    await list;
    await waiting;
    expect(gaveWay).toBe(true);
    expect(Atomics.load(cells, permits + 1)).toBe(0);
    expect(Atomics.load(cells, permits + 2)).toBeGreaterThanOrEqual(before); // when the last list ended
  });

  it("frees the permits of a worker that ended holding them, and only that worker's", () => {
    const { cells, permits } = exportGate;
    const [a, b] = [nextWorkerId(), nextWorkerId()];
    const releases = Atomics.load(cells, permits);
    cells[0] = a;
    freePermitsOf(b);
    expect(cells[0]).toBe(a);
    freePermitsOf(a);
    expect(cells[0]).toBe(0);
    expect(Atomics.load(cells, permits)).toBe(releases + 1);
  });
});
