// Backup and restore of the embedded database (PGlite) with its locally stored files, for
// `npm run portal -- backup <file>` / `restore <file>`. One zip: `pgdata.tar.gz` (PGlite's own data
// dump, dumpDataDir) and `files/…` (the local file store, when it is used). PGlite's folder belongs to
// one process: stop the server first. PostgreSQL deployments use pg_dump/pg_restore instead (README).
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync, zipSync, type Zippable } from 'fflate';

const DUMP = 'pgdata.tar.gz';

export interface EmbeddedPaths {
  /** PGlite's data folder (DATA_DIR/pglite). */
  pgliteDir: string;
  /** The local file store's folder (DATA_DIR/files); absent when files live elsewhere. */
  filesDir?: string;
}

function listFiles(dir: string, prefix = ''): [string, string][] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    return statSync(full).isDirectory() ? listFiles(full, rel) : [[rel, full] as [string, string]];
  });
}

/** Writes the backup zip; answers what went in. */
export async function backupEmbedded(paths: EmbeddedPaths, file: string): Promise<{ databaseBytes: number; files: number }> {
  if (!existsSync(path.join(paths.pgliteDir, 'PG_VERSION'))) throw new Error(`No embedded database in ${paths.pgliteDir}.`);
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = new PGlite(paths.pgliteDir);
  let dump: Uint8Array;
  try {
    dump = new Uint8Array(await (await pg.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await pg.close();
  }
  const entries: Zippable = { [DUMP]: [dump, { level: 0 }] };
  const stored = paths.filesDir ? listFiles(paths.filesDir) : [];
  for (const [rel, full] of stored) entries[`files/${rel}`] = readFileSync(full);
  writeFileSync(file, zipSync(entries, { level: 6 }));
  return { databaseBytes: dump.byteLength, files: stored.length };
}

/** Restores a backup zip into an empty data folder (or over an existing one with `force`). */
export async function restoreEmbedded(paths: EmbeddedPaths, file: string, opts: { force?: boolean } = {}): Promise<{ files: number }> {
  if (!opts.force && existsSync(path.join(paths.pgliteDir, 'PG_VERSION'))) {
    throw new Error(`${paths.pgliteDir} already holds a database: move it away first, or pass --force to replace it.`);
  }
  const entries = unzipSync(readFileSync(file));
  const dump = entries[DUMP];
  if (!dump) throw new Error(`${file} is not a portal backup (no ${DUMP} inside).`);
  if (opts.force) {
    const { rmSync } = await import('node:fs');
    rmSync(paths.pgliteDir, { recursive: true, force: true });
  }
  mkdirSync(paths.pgliteDir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = new PGlite(paths.pgliteDir, { loadDataDir: new Blob([dump]) });
  try {
    await pg.query('select 1');
  } finally {
    await pg.close();
  }
  let files = 0;
  for (const [name, bytes] of Object.entries(entries)) {
    if (!name.startsWith('files/') || name.endsWith('/')) continue;
    if (!paths.filesDir) continue;
    const rel = name.slice('files/'.length);
    const target = path.resolve(paths.filesDir, rel);
    // a crafted zip must not write outside the files folder
    if (!target.startsWith(path.resolve(paths.filesDir) + path.sep))
      throw new Error(`Refusing the entry ${name}: it points outside the files folder.`);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    files++;
  }
  return { files };
}
