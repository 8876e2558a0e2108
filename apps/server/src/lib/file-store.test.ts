/**
 * The file store's contract (lib/file-store.ts), run against all three backends: a local
 * directory, the database (PGlite here, PostgreSQL with TEST_DB=pg) and an S3-compatible server
 * (s3rver, started on loopback by this file). Then the app itself on the database and S3 backends:
 * an invoice PDF made on first download is stored there, not on the local disk.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Db } from '../db/client';
import { seedDemo } from '../db/seed/demo';
import { insertInvoices } from '../modules/settlement/settlement.factories';
import { createTestApp, openTestDatabase } from '../test/helper';
import { createDbFileStore, createDiskFileStore, createS3FileStore, type FileStore, type S3StoreOptions } from './file-store';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'file-store-'));
let s3server: { close(): Promise<void> };
let s3: S3StoreOptions;
let dropDb: () => Promise<void>;
let contractDb: Db;
const stores: Record<'local' | 'postgres' | 's3', FileStore> = {} as never;

beforeAll(async () => {
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: 'portal-files', configs: [] }],
  });
  const { port } = await server.run();
  s3server = server;
  s3 = {
    bucket: 'portal-files',
    prefix: 'test/',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    // s3rver's fixed credentials
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const { database, drop } = await openTestDatabase();
  dropDb = drop;
  contractDb = database.db;
  stores.local = createDiskFileStore(path.join(tmp, 'local'));
  stores.postgres = createDbFileStore(database.db);
  stores.s3 = await createS3FileStore(s3);
}, 60_000);

afterAll(async () => {
  await Promise.all(Object.values(stores).map((s) => s.close()));
  await dropDb?.();
  await s3server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const read = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
};

describe.each(['local', 'postgres', 's3'] as const)('file store contract: %s', (kind) => {
  const store = () => stores[kind];

  it('puts bytes and gets the same bytes back, whole and as a stream with its size', async () => {
    const key = store().newKey('buy_invoice', 'pdf');
    expect(key).toMatch(/^buy_invoice\/[0-9a-f-]{36}\.pdf$/);
    // every byte value, so no text encoding can slip in
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    expect(await store().put(key, bytes)).toEqual({ size: bytes.length });
    expect((await store().get(key))?.equals(bytes)).toBe(true);
    const streamed = await store().stream(key);
    expect(streamed?.size).toBe(bytes.length);
    expect((await read(streamed!.body)).equals(bytes)).toBe(true);
  });

  it('stores a stream of unknown length', async () => {
    const key = store().newKey('help', 'txt');
    const parts = ['첫째 줄\n', 'x'.repeat(100_000), '\nend'];
    const { size } = await store().put(key, Readable.from(parts.map((p) => Buffer.from(p))));
    const expected = Buffer.from(parts.join(''));
    expect(size).toBe(expected.length);
    expect((await store().get(key))?.equals(expected)).toBe(true);
  });

  it('a second put under the same key replaces the bytes', async () => {
    const key = store().newKey('buy_payment', 'txt');
    await store().put(key, Buffer.from('first version, longer'));
    await store().put(key, Buffer.from('second'));
    expect((await store().get(key))?.toString()).toBe('second');
    const streamed = await store().stream(key);
    expect(streamed?.size).toBe(6);
    // not read: let go of its file handle or connection
    streamed?.body.destroy();
  });

  it('after delete the file is missing; deleting again or a never-stored key is no error', async () => {
    const key = store().newKey('buy_payment', 'bin');
    await store().put(key, Buffer.from([1, 2, 3]));
    await store().remove(key);
    expect(await store().get(key)).toBeNull();
    expect(await store().stream(key)).toBeNull();
    await expect(store().remove(key)).resolves.toBeUndefined();
    const never = store().newKey('buy_payment', 'bin');
    expect(await store().get(never)).toBeNull();
    expect(await store().stream(never)).toBeNull();
    await expect(store().remove(never)).resolves.toBeUndefined();
  });

  it("keys are the server's own: a name from outside (a path, another shape) is refused", async () => {
    for (const bad of ['../etc/passwd', 'buy_invoice/../../x', 'Buy_Invoice/00000000-0000-0000-0000-000000000001.pdf', 'a/b']) {
      await expect(store().put(bad, Buffer.from('x'))).rejects.toThrow('invalid storage key');
      await expect(store().get(bad)).rejects.toThrow('invalid storage key');
    }
  });
});

describe('FILE_STORE', () => {
  const env = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/srv/portal' };
  it('is the local directory by default, or postgres, or an S3 bucket with its variables', () => {
    expect(loadConfig(env).fileStore).toEqual({ kind: 'local', dir: '/srv/portal/files' });
    expect(loadConfig({ ...env, FILE_STORE: 'postgres' }).fileStore).toEqual({ kind: 'postgres' });
    expect(
      loadConfig({
        ...env,
        FILE_STORE: 's3://portal-files/prod/eu',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'AKIA',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).fileStore,
    ).toEqual({
      kind: 's3',
      bucket: 'portal-files',
      prefix: 'prod/eu/',
      endpoint: 'http://minio.internal:9000',
      region: 'eu-central-1',
      accessKeyId: 'AKIA',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...env, FILE_STORE: 's3://b-1' }).fileStore).toMatchObject({
      kind: 's3',
      bucket: 'b-1',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it('a bad value stops the start naming the variable', () => {
    expect(() => loadConfig({ ...env, FILE_STORE: 'ftp://x' })).toThrow(
      'FILE_STORE="ftp://x": expected local, postgres or s3://bucket[/prefix]',
    );
    expect(() => loadConfig({ ...env, FILE_STORE: 's3://portal', S3_ENDPOINT: 'not a url' })).toThrow(
      /S3_ENDPOINT="not a url": expected the http\(s\) URL/,
    );
    expect(() => loadConfig({ ...env, FILE_STORE: 's3://portal', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE="maybe"/);
  });
});

describe.each(['postgres', 's3'] as const)('the app on the %s file store', (kind) => {
  it('stores a first-downloaded invoice PDF there and serves it from there, nothing on the local disk', async () => {
    const t = await createTestApp({ fileStore: kind === 's3' ? { kind: 's3', ...s3, prefix: 'app/' } : { kind: 'postgres' } });
    try {
      const c = await t.createCompany();
      await insertInvoices(t.db, c.idx, [{ code: 'FS-1', day: '2026-03-01' }]);
      const token = await t.login(c.id, c.password);
      const download = () =>
        t.inject(token, { method: 'POST', url: '/api/common/fileDownload', payload: { uploadPath: 'buy_invoice', fileName: 'FS-1.pdf' } });
      const first = await download();
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/pdf');
      expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      const [row] = (
        (await t.db.execute(`select storage_key from stored_files where name = 'FS-1'`)) as unknown as { rows: { storage_key: string }[] }
      ).rows;
      // the bytes are in the configured store …
      const store = kind === 's3' ? await createS3FileStore({ ...s3, prefix: 'app/' }) : createDbFileStore(t.db);
      try {
        expect((await store.get(row!.storage_key))?.equals(first.rawPayload)).toBe(true);
        // … and the second download comes from there: gone from the store, the file is gone
        const second = await download();
        expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
        await store.remove(row!.storage_key);
        const lost = await download();
        expect(lost.statusCode).toBe(404);
        expect(lost.json()).toMatchObject({ code: 'NOT_FOUND' });
      } finally {
        await store.close();
      }
      const local = path.join(t.config.filesDir, 'buy_invoice');
      expect(existsSync(local) ? readdirSync(local) : []).toEqual([]);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('the demo seed', () => {
  it('puts its files (payment attachments, help files) into the configured store', async () => {
    const filesDir = path.join(tmp, 'seed-local');
    await seedDemo(contractDb, { filesDir, now: () => new Date('2026-11-22T03:00:00Z'), fileStore: { kind: 'postgres' } });
    const q = async (text: string) => ((await contractDb.execute(text)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const rows = await q(`select count(*)::int as n from stored_files`);
    expect(rows).toBeGreaterThan(10);
    expect(await q(`select count(*)::int as n from stored_files f join file_blobs b on b.key = f.storage_key and b.size = f.size`)).toBe(
      rows,
    );
    expect(existsSync(filesDir) ? readdirSync(filesDir) : []).toEqual([]);
  }, 120_000);
});
