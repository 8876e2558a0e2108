import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { backupEmbedded, restoreEmbedded } from './embedded-backup';

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// the embedded database only: the PostgreSQL pass of the API suite (TEST_DB=pg) would repeat it unchanged
describe.skipIf(process.env.TEST_DB === 'pg')('embedded backup and restore', () => {
  it('restores the database rows and the stored files into a new data folder', async () => {
    const src = { pgliteDir: path.join(root, 'a/pglite'), filesDir: path.join(root, 'a/files') };
    mkdirSync(src.pgliteDir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = new PGlite(src.pgliteDir);
    await pg.exec(`create table t (id int primary key, name text); insert into t values (1, '한빛'), (2, 'demo2');`);
    await pg.close();
    mkdirSync(path.join(src.filesDir, 'invoices'), { recursive: true });
    writeFileSync(path.join(src.filesDir, 'invoices/7.pdf'), 'pdf bytes');

    const file = path.join(root, 'backup.zip');
    const made = await backupEmbedded(src, file);
    expect(made.files).toBe(1);
    expect(made.databaseBytes).toBeGreaterThan(1000);

    const dst = { pgliteDir: path.join(root, 'b/pglite'), filesDir: path.join(root, 'b/files') };
    expect(await restoreEmbedded(dst, file)).toEqual({ files: 1 });
    const back = new PGlite(dst.pgliteDir);
    const rows = await back.query<{ id: number; name: string }>('select id, name from t order by id');
    await back.close();
    expect(rows.rows).toEqual([
      { id: 1, name: '한빛' },
      { id: 2, name: 'demo2' },
    ]);
    expect(readFileSync(path.join(dst.filesDir, 'invoices/7.pdf'), 'utf8')).toBe('pdf bytes');

    // an existing database is replaced only on purpose
    await expect(restoreEmbedded(dst, file)).rejects.toThrow(/--force/);
    await expect(restoreEmbedded(dst, file, { force: true })).resolves.toEqual({ files: 1 });
  });

  it('refuses a zip that is not a backup, and an entry that points outside the files folder', async () => {
    const notBackup = path.join(root, 'other.zip');
    writeFileSync(notBackup, zipSync({ 'a.txt': new TextEncoder().encode('x') }));
    await expect(restoreEmbedded({ pgliteDir: path.join(root, 'c/pglite') }, notBackup)).rejects.toThrow(/not a portal backup/);

    const src = { pgliteDir: path.join(root, 'd/pglite') };
    mkdirSync(src.pgliteDir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = new PGlite(src.pgliteDir);
    const dump = new Uint8Array(await (await pg.dumpDataDir('gzip')).arrayBuffer());
    await pg.close();
    const evil = path.join(root, 'evil.zip');
    writeFileSync(evil, zipSync({ 'pgdata.tar.gz': dump, 'files/../../escaped.txt': new TextEncoder().encode('x') }));
    const dst = { pgliteDir: path.join(root, 'e/pglite'), filesDir: path.join(root, 'e/files') };
    await expect(restoreEmbedded(dst, evil)).rejects.toThrow(/outside the files folder/);
    expect(existsSync(path.join(root, 'escaped.txt'))).toBe(false);
  });
});
