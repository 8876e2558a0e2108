/**
 * The migrated template every server test file's database is cloned from: built once per test run
 * (global-setup.ts), so a file starts from a copy instead of running the 47+ migrations itself.
 * PGlite: the data directory of a migrated, reference-seeded PGlite as a tar file, which each file
 * loads into a fresh in-memory PGlite (`loadDataDir`). PostgreSQL: a database created from it with
 * `CREATE DATABASE … TEMPLATE`.
 *
 * Built fresh each run, never reused from an earlier one, so it always holds this tree's migrations
 * and reference seed. A PostgreSQL template's name carries a hash of the migrations folder and a
 * per-run suffix: worktrees with other migrations (or the same ones) on the machine's PostgreSQL
 * never share, clone from or drop each other's template.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, openDatabase, wrapPglite } from '../db/client';
import { seedReference } from '../db/seed/reference';

/** sha256 of the migrations folder (every file's path and bytes, meta/ included), first 12 hex digits. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(MIGRATIONS_DIR, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 12);
}

/** A migrated, reference-seeded PGlite's data directory written to a tar file; returns its path and a remover. */
export async function buildPgliteTemplate(): Promise<{ file: string; remove: () => void }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite();
  const database = await wrapPglite(client);
  await database.migrate();
  await seedReference(database.db);
  // uncompressed: gzip made the file 7x smaller but loading it no faster (docs/decisions/ci-time.md)
  const tar = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `portal-test-template-${migrationsHash()}-${process.pid}-${randomBytes(3).toString('hex')}.tar`);
  writeFileSync(file, new Uint8Array(await tar.arrayBuffer()));
  return { file, remove: () => rmSync(file, { force: true }) };
}

/** `adminUrl` with another database name. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `sql` statements one by one on a connection of their own to `adminUrl`. */
export async function adminQuery(adminUrl: string, ...sql: string[]): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const s of sql) await admin.query(s);
  } finally {
    await admin.end();
  }
}

/**
 * A migrated, reference-seeded PostgreSQL database beside `adminUrl` that no one can connect to
 * (ALLOW_CONNECTIONS false: `CREATE DATABASE … TEMPLATE` refuses a template with sessions on it), and
 * its remover.
 */
export async function buildPgTemplate(adminUrl: string): Promise<{ name: string; remove: () => Promise<void> }> {
  const name = `portal_tpl_${migrationsHash()}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const remove = () =>
    adminQuery(adminUrl, `ALTER DATABASE ${name} WITH IS_TEMPLATE false`, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  try {
    // two connections: migrate() holds one for its advisory lock while the migrator runs on another
    const database = await openDatabase({ url: databaseUrl(adminUrl, name), poolMax: 2 });
    try {
      await database.migrate();
      await seedReference(database.db);
    } finally {
      await database.close();
    }
    await adminQuery(adminUrl, `ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  } catch (e) {
    await remove().catch(() => undefined);
    throw e;
  }
  return { name, remove };
}
