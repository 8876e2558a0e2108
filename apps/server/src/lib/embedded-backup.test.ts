import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupEmbedded, restoreEmbedded } from './embedded-backup';

// made when a test runs (the PostgreSQL pass skips them all, and with them every hook)
let root: string;
beforeAll(() => {
  if (process.env.TEST_DB === 'pg') return;
  root = mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

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
    // (each PGlite start takes seconds on a loaded machine: eight of them here)
  }, 180_000);

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

  describe('a backup that does not open changes nothing', () => {
    /** A data folder with a database (one row) and a stored file; answers its paths. */
    async function dataFolder(name: string) {
      const p = { pgliteDir: path.join(root, name, 'pglite'), filesDir: path.join(root, name, 'files') };
      mkdirSync(p.pgliteDir, { recursive: true });
      const { PGlite } = await import('@electric-sql/pglite');
      const pg = new PGlite(p.pgliteDir);
      await pg.exec(`create table t (id int primary key, name text); insert into t values (1, 'old');`);
      await pg.close();
      mkdirSync(path.join(p.filesDir, 'invoices'), { recursive: true });
      writeFileSync(path.join(p.filesDir, 'invoices/1.pdf'), 'old pdf');
      return p;
    }
    async function rowsOf(pgliteDir: string) {
      const { PGlite } = await import('@electric-sql/pglite');
      const pg = new PGlite(pgliteDir);
      try {
        return (await pg.query<{ id: number; name: string }>('select id, name from t order by id')).rows;
      } finally {
        await pg.close();
      }
    }
    // a zip with a dump of random bytes, a file entry beside it (which must not land either)
    let garbage: string;
    let notAZip: string;
    beforeAll(() => {
      garbage = path.join(root, 'garbage.zip');
      writeFileSync(
        garbage,
        zipSync({
          'pgdata.tar.gz': new Uint8Array(64 * 1024).map((_, i) => (i * 7919) % 251),
          'files/invoices/1.pdf': new TextEncoder().encode('new'),
        }),
      );
      notAZip = path.join(root, 'not-a-zip.zip');
      writeFileSync(notAZip, 'this is not a zip file at all');
    });

    it('with --force: the old database and its files stay as they were, nothing is left behind', async () => {
      const p = await dataFolder('keep');
      for (const file of [garbage, notAZip]) {
        // today's message or another: what matters is the data folder afterwards
        await expect(restoreEmbedded(p, file, { force: true })).rejects.toThrow();
        expect(await rowsOf(p.pgliteDir)).toEqual([{ id: 1, name: 'old' }]);
        expect(readFileSync(path.join(p.filesDir, 'invoices/1.pdf'), 'utf8')).toBe('old pdf');
        expect(readdirSync(path.join(root, 'keep')).sort()).toEqual(['files', 'pglite']);
      }
    });

    it('without --force into an empty data folder: no half-made database is left', async () => {
      const p = { pgliteDir: path.join(root, 'empty/pglite'), filesDir: path.join(root, 'empty/files') };
      mkdirSync(path.join(root, 'empty'));
      await expect(restoreEmbedded(p, garbage)).rejects.toThrow(/no database that opens/);
      expect(readdirSync(path.join(root, 'empty'))).toEqual([]);
      // …and an existing database is refused before the file is read
      const q = await dataFolder('refused');
      await expect(restoreEmbedded(q, garbage)).rejects.toThrow(/--force/);
      expect(await rowsOf(q.pgliteDir)).toEqual([{ id: 1, name: 'old' }]);
    });

    it('with --force and a good backup: the new data replaces the old, and the old folders are gone', async () => {
      const p = await dataFolder('replace');
      const src = await dataFolder('source');
      const { PGlite } = await import('@electric-sql/pglite');
      const pg = new PGlite(src.pgliteDir);
      await pg.exec(`update t set name = 'new'`);
      await pg.close();
      writeFileSync(path.join(src.filesDir, 'invoices/2.pdf'), 'new pdf');
      rmSync(path.join(src.filesDir, 'invoices/1.pdf'));
      const file = path.join(root, 'good.zip');
      await backupEmbedded(src, file);
      await expect(restoreEmbedded(p, file, { force: true })).resolves.toEqual({ files: 1 });
      expect(await rowsOf(p.pgliteDir)).toEqual([{ id: 1, name: 'new' }]);
      expect(readdirSync(path.join(p.filesDir, 'invoices'))).toEqual(['2.pdf']);
      expect(readdirSync(path.join(root, 'replace')).sort()).toEqual(['files', 'pglite']);
    }, 180_000);
  });
});
