/**
 * The outside fault test's findings on imports (issue 56), one test each: a chunked upload over the size
 * limit, a zip that under-states its sizes, a CP949 file, an invalid byte, a stalled upload, and a run
 * left `running` by a dead process.
 */
import { PassThrough, Readable } from 'node:stream';
import type { TImportRunDetail } from '@portal/contract';
import { eq, like, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../app';
import { companies, importRuns } from '../../db/schema';
import { createOperator } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helper';
import { finishedRun, importJob } from '../../test/imports';
import { multipartFile } from '../../test/multipart';

const LIMIT = 20 * 1024 * 1024;
const DB = process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite';

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ importMaxBytes: LIMIT });
  const op = await createOperator(t.db);
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: op.id, password: op.password } });
  token = res.json().access_token;
});
afterAll(() => t.close());

const runCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(importRuns))[0]!.n;
const companiesLike = async (prefix: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .where(like(companies.id, `${prefix}%`))
  )[0]!.n;

/** A zip whose entries under `prefix` declare `declared` bytes unpacked (local header and central directory) whatever they hold. */
function understated(files: Record<string, Uint8Array>, prefix: string, declared: number): Buffer {
  const zip = Buffer.from(zipSync(files, { level: 1 }));
  const eocd = zip.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1'));
  const entries = zip.readUInt16LE(eocd + 10);
  let central = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < entries; i++) {
    const local = zip.readUInt32LE(central + 42);
    const name = zip.toString('latin1', central + 46, central + 46 + zip.readUInt16LE(central + 28));
    if (name.startsWith(prefix)) {
      zip.writeUInt32LE(declared, central + 24);
      zip.writeUInt32LE(declared, local + 22);
    }
    central += 46 + zip.readUInt16LE(central + 28) + zip.readUInt16LE(central + 30) + zip.readUInt16LE(central + 32);
  }
  return zip;
}

describe(`import faults (${DB})`, () => {
  it('a chunked upload over the size limit is refused with 413 and nothing is written (no row, no run)', async () => {
    const runs = await runCount();
    const { payload, headers } = multipartFile('companies.csv', '');
    const head = payload.subarray(0, payload.indexOf('\r\n\r\n') + 4);
    const tail = payload.subarray(payload.indexOf('\r\n\r\n') + 4);
    // 22 MB of honest rows, sent chunked: no content-length to refuse it by
    const rows = function* () {
      yield head;
      yield Buffer.from('id,company_name,country\n');
      let sent = 0;
      for (let i = 0; sent < 22 * 1024 * 1024; i++) {
        const chunk = Buffer.from(
          Array.from({ length: 1000 }, (_, j) => `chunked-${i * 1000 + j},Chunked Company ${i * 1000 + j},KOR\n`).join(''),
        );
        sent += chunk.length;
        yield chunk;
      }
      yield tail;
    };
    const res = await t.inject(token, {
      method: 'POST',
      url: '/api/admin/imports/companies',
      headers: { ...headers, 'transfer-encoding': 'chunked' },
      payload: Readable.from(rows()),
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await companiesLike('chunked-')).toBe(0);
    expect(await runCount()).toBe(runs);
  });

  it('a zip that under-states its sizes is refused while /api/health keeps answering fast', async () => {
    // 8 entries: the sheet, and 7 of 32 MB of zeros each declared as 1,000 bytes: 224 MB unpacked (over the 200 MB limit) from a few MB
    const zeros = new Uint8Array(32 * 1024 * 1024);
    const files: Record<string, Uint8Array> = { 'companies.csv': new TextEncoder().encode('id,company_name,country\nz-1,Z,KOR\n') };
    for (let i = 0; i < 7; i++) files[`pad/${i}.bin`] = zeros;
    const zip = understated(files, 'pad/', 1000);
    expect(zip.length).toBeLessThan(4 * 1024 * 1024);

    const posted = await t.inject(token, { method: 'POST', url: '/api/admin/imports/companies', ...multipartFile('bomb.zip', zip) });
    expect(posted.statusCode, posted.body).toBe(202);
    const id = posted.json<TImportRunDetail>().id;
    // health beside the job, until the run is over
    const latencies: number[] = [];
    let over = false;
    const watching = (async () => {
      while (!over) {
        const t0 = performance.now();
        const health = await t.app.inject({ method: 'GET', url: '/api/health' });
        latencies.push(performance.now() - t0);
        expect(health.statusCode).toBe(200);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const run = await finishedRun(t, token, id).finally(() => (over = true));
    await watching;
    expect(run).toMatchObject({ status: 'done', committed: false });
    expect(run.report!.errors).toEqual([{ row: 1, column: 'file', message: expect.stringMatching(/ZIP/) }]);
    expect(await companiesLike('z-1')).toBe(0);
    expect(latencies.length).toBeGreaterThan(0);
    // every probe answered within a fraction of a second (the event loop was never held by the inflation)
    expect(Math.max(...latencies)).toBeLessThan(500);
  });

  it('a CSV in CP949 (Korean Excel) is read right, detected or named', async () => {
    const cp949 = (s: string) => Buffer.from(new Uint8Array([...s].flatMap((c) => CP949[c] ?? [c.charCodeAt(0)])));
    const file = cp949('id,company_name,country\ncp949-1,한빛미디어,KOR\n');
    const auto = await importJob(t, token, 'companies', 'cp949.csv', file);
    expect(auto.json()).toMatchObject({ committed: true, created: 1, errors: [] });
    const named = await importJob(t, token, 'companies', 'cp949.csv', file, '?encoding=euc-kr');
    expect(named.json()).toMatchObject({ committed: true, unchanged: 1, errors: [] });
    const [row] = await t.db.select({ name: companies.companyName }).from(companies).where(eq(companies.id, 'cp949-1'));
    expect(row?.name).toBe('한빛미디어');
    // UTF-16 with its BOM too
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('id,company_name,country\nutf16-1,도서출판 길벗,KOR\n', 'utf16le'),
    ]);
    expect((await importJob(t, token, 'companies', 'utf16.csv', utf16)).json()).toMatchObject({ committed: true, created: 1 });
    const [u] = await t.db.select({ name: companies.companyName }).from(companies).where(eq(companies.id, 'utf16-1'));
    expect(u?.name).toBe('도서출판 길벗');
  });

  it('a byte that is not valid in the encoding is refused with its row and byte offset; nothing is written', async () => {
    const head = 'id,company_name,country\nbad-enc-1,Fine,KOR\nbad-enc-2,Caf\u00e9 ';
    const file = Buffer.concat([Buffer.from(head), Buffer.from([0xff]), Buffer.from(',KOR\n')]);
    const res = await importJob(t, token, 'companies', 'bad.csv', file, '?encoding=utf-8');
    expect(res.run).toMatchObject({ status: 'done', committed: false });
    expect(res.json().errors).toEqual([
      {
        row: 3,
        column: '',
        message: `The byte at offset ${Buffer.byteLength(head)} (counted from 0) is not valid UTF-8: save the file as UTF-8, or choose its encoding.`,
      },
    ]);
    expect(await companiesLike('bad-enc-')).toBe(0);
    // never stored as U+FFFD
    expect((await t.db.select().from(companies).where(like(companies.companyName, '%\ufffd%'))).length).toBe(0);
  });

  it('a stalled upload holds no transaction: the database answers at once beside it', async () => {
    const { payload, headers } = multipartFile('companies.csv', '');
    const head = payload.subarray(0, payload.indexOf('\r\n\r\n') + 4);
    const body = new PassThrough();
    body.write(head);
    body.write('id,company_name,country\nstalled-1,Stalled,KOR\n');
    // …and then nothing more: the client stalls
    const pending = t
      .inject(token, {
        method: 'POST',
        url: '/api/admin/imports/companies',
        headers: { ...headers, 'transfer-encoding': 'chunked' },
        payload: body,
      })
      .catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 500));
    const t0 = performance.now();
    const open = await Promise.race([
      t.db
        .execute(
          sql`select count(*)::int as n from pg_stat_activity where state like 'idle in transaction%' and datname = current_database()`,
        )
        .then((r) => Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0)),
      new Promise<'blocked'>((r) => setTimeout(() => r('blocked'), 3000)),
    ]);
    // PGlite: one connection, answered at once (a transaction held by the upload would block it); PostgreSQL: none idle in one
    expect(open).toBe(0);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    body.destroy(new Error('client went away'));
    await pending;
    expect(await companiesLike('stalled-')).toBe(0);
  });

  it('a run left running by a dead process is marked failed at the next start, nothing of it written', async () => {
    const dead = new Date(Date.now() - 10 * 60_000);
    const [row] = await t.db
      .insert(importRuns)
      .values({
        kind: 'royalty-lines',
        actorKind: 'operator',
        actor: 'ops',
        fileName: 'killed.csv',
        dryRun: false,
        committed: false,
        status: 'running',
        phase: 'reading',
        rowsRead: 40_000,
        rowsWritten: 39_500,
        heartbeatAt: dead,
        at: dead,
        report: { kind: 'royalty-lines', dry_run: false, committed: false, rows: 0, created: 0, updated: 0, unchanged: 0, errors: [] },
      })
      .returning({ id: importRuns.id });
    const before = await t.inject(token, { method: 'GET', url: `/api/admin/import-runs/${row!.id}` });
    expect(before.json()).toMatchObject({ status: 'running', report: null });

    // the next start: another app on the same database
    const next = await build({ config: t.config, database: t.database, logger: false });
    try {
      await next.ready();
    } finally {
      await next.close();
    }
    const after = await t.inject(token, { method: 'GET', url: `/api/admin/import-runs/${row!.id}` });
    expect(after.json()).toMatchObject({
      status: 'failed',
      phase: 'finished',
      committed: false,
      report: {
        committed: false,
        errors: [
          { row: 0, column: '', message: 'The import stopped before it finished (its server process stopped): nothing was written.' },
        ],
      },
    });
    expect(after.json().finished_at).not.toBeNull();
  });
});

/** CP949 bytes of the Hangul used above (what Korean Excel writes). */
const CP949: Record<string, number[]> = {
  한: [0xc7, 0xd1],
  빛: [0xba, 0xfb],
  미: [0xb9, 0xcc],
  디: [0xb5, 0xf0],
  어: [0xbe, 0xee],
};
