// Backup and restore of the embedded database and its local files (`npm run portal -- backup|restore <file>`):
// one zip of pgdata.tar.gz and files/…; PostgreSQL deployments use pg_dump/pg_restore (README).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
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

/** The dump as the tar PGlite loads, checked first (PGlite rejects a bad one inside its own code, unhandled). */
function dumpTar(gz: Uint8Array): Uint8Array {
  const tar = gunzipSync(gz);
  const names = new Set<string>();
  for (let at = 0; at + 512 <= tar.length;) {
    const header = Buffer.from(tar.buffer, tar.byteOffset + at, 512);
    if (header.every((b) => b === 0)) break; // the end-of-archive blocks
    if (header.toString('latin1', 257, 262) !== 'ustar') throw new Error(`no tar header at byte ${at}`);
    const size = parseInt(header.toString('latin1', 124, 136).replace(/\0.*$/, '').trim() || '0', 8);
    if (!Number.isFinite(size) || at + 512 + size > tar.length) throw new Error(`a tar entry at byte ${at} runs past the end`);
    names.add(header.toString('utf8', 0, 100).replace(/\0.*$/, ''));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  if (![...names].some((n) => n.endsWith('PG_VERSION'))) throw new Error('no PG_VERSION inside: not a PostgreSQL data folder');
  return tar;
}

/** Loads `tar` into the new PGlite folder `dir` and asks it a question; throws unless it answers. */
async function loadAndCheck(dir: string, tar: Uint8Array) {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = new PGlite(dir, { loadDataDir: new Blob([tar]) });
  try {
    // the catalog read through: a data folder whose files did not load fails here
    await pg.query('select count(*) from pg_class');
  } finally {
    await pg.close().catch(() => undefined);
  }
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

/** Whether `dir` exists and holds anything. */
const hasContent = (dir: string | undefined) => !!dir && existsSync(dir) && readdirSync(dir).length > 0;

/**
 * Restores a backup zip into DATA_DIR: checked and opened in a folder beside the current one, then swapped in
 * by renames (the old put back on failure). Without `force`, existing data is refused first.
 */
export async function restoreEmbedded(paths: EmbeddedPaths, file: string, opts: { force?: boolean } = {}): Promise<{ files: number }> {
  const targets = [paths.pgliteDir, ...(paths.filesDir ? [paths.filesDir] : [])];
  if (!opts.force && (existsSync(path.join(paths.pgliteDir, 'PG_VERSION')) || hasContent(paths.filesDir))) {
    throw new Error(
      `${path.dirname(paths.pgliteDir)} already holds a database or stored files: move them away first, or pass --force to replace them.`,
    );
  }
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(readFileSync(file));
  } catch (e) {
    throw new Error(`${file} is not a portal backup (${(e as Error).message}).`, { cause: e });
  }
  const dump = entries[DUMP];
  if (!dump) throw new Error(`${file} is not a portal backup (no ${DUMP} inside).`);

  // the staging folders: one beside each target (DATA_DIR/.restore-…), removed at the end whatever happens
  const staging = targets.map((t) => {
    mkdirSync(path.dirname(t), { recursive: true });
    return mkdtempSync(path.join(path.dirname(t), '.restore-'));
  });
  const staged = targets.map((t, i) => path.join(staging[i]!, path.basename(t)));
  const aside = targets.map((t, i) => path.join(staging[i]!, `${path.basename(t)}.old`));
  const moved: { from: string; to: string }[] = [];
  const move = (from: string, to: string) => {
    renameSync(from, to);
    moved.push({ from, to });
  };
  try {
    // 1. the stored files, every entry checked before the database is even loaded
    let files = 0;
    const filesStage = paths.filesDir ? staged[1]! : undefined;
    if (filesStage) mkdirSync(filesStage);
    for (const [name, bytes] of Object.entries(entries)) {
      if (!name.startsWith('files/') || name.endsWith('/') || !filesStage) continue;
      const target = path.resolve(filesStage, name.slice('files/'.length));
      // a crafted zip must not write outside the files folder
      if (!target.startsWith(filesStage + path.sep)) throw new Error(`Refusing the entry ${name}: it points outside the files folder.`);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, bytes);
      files++;
    }
    // 2. the database, loaded and opened in its staging folder
    mkdirSync(staged[0]!);
    try {
      await loadAndCheck(staged[0]!, dumpTar(dump));
    } catch (e) {
      throw new Error(`${file} holds no database that opens (${(e as Error).message}); nothing was changed.`, { cause: e });
    }
    // 3. the swap: the current folders aside, the checked ones in (renames within one file system: the checked
    // folder is the one that lands)
    targets.forEach((t, i) => existsSync(t) && move(t, aside[i]!));
    targets.forEach((t, i) => move(staged[i]!, t));
    moved.length = 0; // done: nothing to put back
    return { files };
  } catch (e) {
    // put everything back as it was, in reverse order
    for (const { from, to } of moved.reverse()) {
      rmSync(from, { recursive: true, force: true });
      renameSync(to, from);
    }
    throw e;
  } finally {
    for (const dir of staging) rmSync(dir, { recursive: true, force: true });
  }
}
