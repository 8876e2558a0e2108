import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { IMPORT_MAX_ERRORS } from '@portal/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest } from '../errors';
import type { FileStore } from '../file-store';
import { LOCALES } from '../locales';
import type { MailContext } from '../mail/render';
import { DEFAULT_TIME_ZONE } from './columns';
import { importMessage, type ImportMessage, type ImportMessageKey } from './messages';
import { BadEncoding, type TextEncodingName } from './decode';
import { readRows, type ImportFormat, type SheetFormat } from './read';
import { NO_FILES, unpackImportZip, ZIP_MAX_FILES, ZIP_MAX_UNPACKED_BYTES, ZipTooLarge, ZipWithoutSheet, type ImportFiles } from './zip';

/** What an import may use besides its transaction (mail absent: nobody is notified, as in the seeds). */
export interface ImportEnv {
  now: () => Date;
  /** the business time zone (config timeZone): a date or time of a cell without an offset is read in it (columns.ts) */
  timeZone: string;
  files: ImportFiles;
  fileStore?: FileStore;
  mail?: MailContext;
  /** the import only checks: nothing it writes is kept (files should not be stored) */
  dryRun: boolean;
  /** Runs `fn` once the transaction has ended (committed or not): for file bytes outside the database. */
  onEnd: (fn: (committed: boolean) => Promise<void>) => void;
  /** writes an entry of the audit log in the import's transaction (who ran the import is the caller's), e.g. a payment's adjustment */
  audit?: (tx: DbOrTx, action: string, target: string) => Promise<void>;
}

/** A documented column of an import kind (templates and the README list them). */
export interface ImportColumn {
  name: string;
  required: boolean;
  example: string;
  description: string;
}

/** A problem found at a row and column (column '' for the whole row or file). */
export interface RowIssue {
  row: number;
  column: string;
  message: ImportMessage;
}

export interface WriteCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** One record: a row, or the contiguous rows that share a natural key when the kind groups (invoice lines). */
export interface ImportRecord<T> {
  key: string;
  rows: number[];
  values: T[];
}

/** One kind of import: its columns, the zod schema of a row, its natural key, its checks and its writes. */
export interface ImportKind<T, Ctx = unknown> {
  kind: string;
  /** one paragraph for docs/imports.md: what a row is, its natural key, what a zip holds (when it takes one) */
  description: string;
  columns: readonly ImportColumn[];
  schema: z.ZodType<T>;
  key(value: T): string;
  /** contiguous rows with one key form one record; otherwise a repeated key is an error */
  grouped?: boolean;
  /** reference data the checks need (countries, currencies, …), loaded once in the transaction */
  prepare?(tx: DbOrTx, env: ImportEnv): Promise<Ctx>;
  /** issues a valid row still has against the database or the zip's files (unknown country, company, missing file, …) */
  check?(record: ImportRecord<T>, ctx: Ctx, env: ImportEnv): RowIssue[];
  /** issues of a whole batch found in SQL; called for every batch so every bad row is still named */
  checkBatch?(tx: DbOrTx, records: ImportRecord<T>[], ctx: Ctx, env: ImportEnv): Promise<RowIssue[]>;
  /** rows per batch (default BATCH_ROWS): a kind with cheap set-based writes of many rows takes larger ones */
  batchRows?: number;
  /** the kind reports a repeated key itself (checkBatch), so memory stays bounded by the batch */
  checksDuplicates?: boolean;
  write(tx: DbOrTx, records: ImportRecord<T>[], ctx: Ctx, env: ImportEnv): Promise<WriteCounts>;
  /** after the last batch was written, before the commit (not after a problem, nor in a dry run): work left for the end, e.g. a summary deferred in prepare */
  finish?(tx: DbOrTx, ctx: Ctx, env: ImportEnv): Promise<void>;
}

/** A kind of any row and context type (methods are checked bivariantly, so every ImportKind is one). */
export type AnyImportKind = ImportKind<unknown, unknown>;

export interface ImportReport {
  kind: string;
  /** the run in the import history; null when none was recorded */
  run_id: number | null;
  dry_run: boolean;
  /** false: nothing was written (errors, or a dry run) */
  committed: boolean;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: { row: number; column: string; message: string }[];
  /** the errors found beyond the listed ones (0: all listed) */
  errors_not_listed: number;
}

export const BATCH_ROWS = 500;
/** A report lists the errors of the lowest rows, at most this many (issue 59: every bad cell is one); it counts the rest. */
export const MAX_ERRORS = IMPORT_MAX_ERRORS;

/** Checks about one cell alone: they still hold for a row whose other cells are bad. */
const CELL_CHECKS: ReadonlySet<ImportMessageKey> = new Set<ImportMessageKey>([
  'oneOf',
  'integer',
  'percent',
  'country',
  'currency',
  'division',
  'unknownCompany',
  'unknownBook',
  'unknownCustomer',
  'fileMissing',
  'fileType',
]);

/** No transaction outlives its work (issue 56): set on the import's own connection. */
export const IMPORT_STATEMENT_TIMEOUT_MS = 10 * 60_000;
/** …and the connection may sit this long idle in the transaction (the import reads a file on disk between statements). */
export const IMPORT_IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

/** Where a running import is (the run resource's phase). */
export type ImportPhase = 'unpacking' | 'reading' | 'committing';

/** How far an import has come: rows read from the file, rows written (created, updated or found unchanged). */
export interface ImportProgress {
  phase: ImportPhase;
  rowsRead: number;
  rowsWritten: number;
}

class Rollback extends Error {}
/** The file could not be read as its format (not a CSV, a broken or hostile XLSX). */
class Unreadable extends Error {}

/** readRows, its failures marked unreadable (a byte invalid in the CSV's encoding passes as it is: the report names it). */
async function* rowsOf(input: Readable, format: SheetFormat, encoding: TextEncodingName) {
  try {
    yield* readRows(input, format, encoding);
  } catch (e) {
    if (e instanceof BadEncoding) throw e;
    throw new Unreadable();
  }
}

/** A cell trimmed and without NUL characters (PostgreSQL text cannot hold them). */
const cell = (c: string) => (c.includes('\0') ? c.replaceAll('\0', '') : c).trim();

/** zod's issues of a row as report issues: a known message key, or the closest general one. */
function rowIssues(row: number, error: z.ZodError): RowIssue[] {
  return error.issues.map((i) => {
    const column = String(i.path[0] ?? '');
    let key: ImportMessageKey = 'invalid';
    const params: Record<string, string | number> = {};
    // a kind's rule names its message by key (z.string().regex(…, 'date')); zod's own messages are general
    if (Object.hasOwn(LOCALES.en.imports, i.message)) {
      key = i.message as ImportMessageKey;
      // z.enum(…, { error: 'oneOf' }): the values allowed; a refinement's own params ({ min, max })
      if (i.code === 'invalid_value') params.values = i.values.map(String).join(', ');
      if (i.code === 'custom' && i.params) Object.assign(params, i.params);
    } else if (i.code === 'invalid_type' && i.input === undefined) key = 'required';
    else if (i.code === 'too_big') {
      key = 'tooLong';
      params.max = Number(i.maximum);
    }
    return { row, column, message: { key, params } };
  });
}

/** A failed row with each bad cell replaced by its column's example, so its other cells are still checked. */
function withExamples<T>(kind: ImportKind<T, unknown>, cells: Record<string, string>, bad: ReadonlySet<string>): T | undefined {
  const repaired = { ...cells };
  for (const col of kind.columns) if (bad.has(col.name) && col.example !== '') repaired[col.name] = col.example;
  for (const name of bad) if (!kind.columns.some((c) => c.name === name && c.example !== '')) delete repaired[name];
  const parsed = kind.schema.safeParse(repaired);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Reads, validates and writes a file in batches inside one transaction: all or nothing; the report names
 * every bad cell (up to MAX_ERRORS) in `lang`. A dry run does the same work and rolls back.
 */
export async function runImport<T, Ctx>(
  db: Db,
  kind: ImportKind<T, Ctx>,
  /** the upload, whole, in a file (received before the import starts: a slow or stalled client holds no transaction) */
  file: string,
  opts: {
    format: ImportFormat;
    dryRun: boolean;
    lang?: string;
    /** the CSV's encoding (default auto: detected) */
    encoding?: TextEncodingName;
    /** aborts the import (rolled back) at its next row: the process is shutting down */
    signal?: AbortSignal;
    /** told where the import is as it goes (at most once per batch, and at each phase) */
    onProgress?: (progress: ImportProgress) => void;
    env?: Omit<ImportEnv, 'files' | 'dryRun' | 'onEnd' | 'timeZone'> & { timeZone?: string };
    /** called with the report before the transaction commits (the audit log); its answer becomes the report's run_id */
    afterWrite?: (tx: DbOrTx, report: ImportReport) => Promise<number | null | void>;
  },
): Promise<ImportReport> {
  let format: SheetFormat;
  let files = NO_FILES;
  let input: Readable | undefined;
  let rows = 0;
  const counts: WriteCounts = { created: 0, updated: 0, unchanged: 0 };
  const progress = (phase: ImportPhase) =>
    opts.onProgress?.({ phase, rowsRead: rows, rowsWritten: counts.created + counts.updated + counts.unchanged });
  if (opts.format === 'zip') {
    progress('unpacking');
    try {
      const zip = await unpackImportZip(file, kind.kind);
      input = zip.sheet;
      format = zip.format;
      files = zip.files;
    } catch (e) {
      const message =
        e instanceof ZipTooLarge
          ? importMessage(opts.lang, { key: 'zipTooLarge', params: { max: ZIP_MAX_UNPACKED_BYTES / 1024 / 1024, files: ZIP_MAX_FILES } })
          : e instanceof ZipWithoutSheet
            ? importMessage(opts.lang, { key: 'zipSheet', params: { name: `${kind.kind}.csv` } })
            : importMessage(opts.lang, { key: 'unreadable', params: { format: 'ZIP' } });
      throw badRequest(message, [{ path: 'file', message }]);
    }
  } else format = opts.format;
  input ??= createReadStream(file);
  const ending: ((committed: boolean) => Promise<void>)[] = [];
  const env: ImportEnv = {
    now: () => new Date(),
    ...opts.env,
    timeZone: opts.env?.timeZone ?? DEFAULT_TIME_ZONE,
    files,
    dryRun: opts.dryRun,
    onEnd: (fn) => void ending.push(fn),
  };
  // a failing clean-up does not change the import's outcome (at worst unreferenced bytes stay in the store)
  const end = async (committed: boolean) => {
    for (const fn of ending) await fn(committed).catch(() => undefined);
  };
  const issues: RowIssue[] = [];
  /** errors found beyond the MAX_ERRORS of the lowest rows kept in `issues` */
  let notListed = 0;
  /** keeps the issues of the lowest rows, at most MAX_ERRORS (trimmed in steps, not at each issue), and counts the rest */
  const collect = (found: RowIssue[]) => {
    issues.push(...found);
    if (issues.length > 2 * MAX_ERRORS) {
      issues.sort((a, b) => a.row - b.row);
      notListed += issues.length - MAX_ERRORS;
      issues.length = MAX_ERRORS;
    }
  };
  let runId: number | null = null;
  const report = (committed: boolean): ImportReport => ({
    kind: kind.kind,
    run_id: runId,
    dry_run: opts.dryRun,
    committed,
    rows,
    ...counts,
    errors: [...issues]
      .sort((a, b) => a.row - b.row)
      .slice(0, MAX_ERRORS)
      .map((i) => ({ row: i.row, column: i.column, message: importMessage(opts.lang, i.message) })),
    errors_not_listed: notListed + Math.max(0, issues.length - MAX_ERRORS),
  });
  try {
    progress('reading');
    await db.transaction(async (tx) => {
      // on PostgreSQL a stalled import cannot keep its transaction (and its locks) open; PGlite ignores them
      await tx.execute(sql.raw(`set local statement_timeout = ${IMPORT_STATEMENT_TIMEOUT_MS}`));
      await tx.execute(sql.raw(`set local idle_in_transaction_session_timeout = ${IMPORT_IDLE_IN_TRANSACTION_TIMEOUT_MS}`));
      const ctx = (kind.prepare ? await kind.prepare(tx, env) : undefined) as Ctx;
      const seen = new Map<string, number>();
      let batch: ImportRecord<T>[] = [];
      let batchRows = 0;
      let header: string[] | undefined;
      let pending: Promise<void> = Promise.resolve();
      const flush = async () => {
        const records = batch;
        batch = [];
        batchRows = 0;
        // every row is checked to the end of the file, so the report can count the errors it does not list
        if (kind.check) for (const r of records) collect(kind.check(r, ctx, env));
        if (kind.checkBatch && records.length) collect(await kind.checkBatch(tx, records, ctx, env));
        // after the first problem nothing more is written (it would be rolled back): the rest is only checked
        if (!issues.length && records.length) {
          const c = await kind.write(tx, records, ctx, env);
          counts.created += c.created;
          counts.updated += c.updated;
          counts.unchanged += c.unchanged;
        }
        progress('reading');
      };
      for await (const raw of rowsOf(input!, format, opts.encoding ?? 'auto')) {
        opts.signal?.throwIfAborted();
        if (!header) {
          header = raw.cells.map((c) => cell(c).toLowerCase());
          for (const col of kind.columns)
            if (col.required && !header.includes(col.name))
              issues.push({ row: raw.row, column: col.name, message: { key: 'missingColumn' } });
          if (issues.length) break;
          continue;
        }
        rows++;
        const cells: Record<string, string> = {};
        header.forEach((name, i) => {
          const v = cell(raw.cells[i] ?? '');
          if (name && v !== '') cells[name] = v;
        });
        const parsed = kind.schema.safeParse(cells);
        if (!parsed.success) {
          const found = rowIssues(raw.row, parsed.error);
          collect(found);
          // the row's other cells as the kind's row check sees them (its batch check, a lookup in SQL, is left to
          // rows whose cells are all well-formed): each bad cell of the row is reported at once, not one a round
          const bad = new Set(found.map((i) => i.column));
          const repaired = kind.check && withExamples(kind as ImportKind<T, unknown>, cells, bad);
          if (repaired !== undefined && kind.check)
            collect(
              kind
                .check({ key: '', rows: [raw.row], values: [repaired] }, ctx, env)
                .filter((i) => !bad.has(i.column) && CELL_CHECKS.has(i.message.key)),
            );
        } else {
          const key = kind.key(parsed.data);
          const last = batch.at(-1);
          if (kind.grouped && last?.key === key) {
            last.rows.push(raw.row);
            last.values.push(parsed.data);
          } else {
            const other = kind.checksDuplicates ? undefined : seen.get(key);
            if (other !== undefined)
              collect([{ row: raw.row, column: kind.columns[0]!.name, message: { key: 'duplicate', params: { other } } }]);
            else {
              if (!kind.checksDuplicates) seen.set(key, raw.row);
              // a batch is cut between records, never inside one; its checks and writes run while the
              // next batch is read (one at a time on the transaction's connection)
              if (batchRows >= (kind.batchRows ?? BATCH_ROWS)) {
                await pending;
                pending = flush();
                // handled where it is awaited (next batch or the end); no unhandled rejection meanwhile
                pending.catch(() => {});
              }
              batch.push({ key, rows: [raw.row], values: [parsed.data] });
            }
          }
          batchRows++;
        }
      }
      // no header row at all: an empty file, or a zip without a sheet
      if (!header) throw new Unreadable();
      await pending;
      await flush();
      progress('committing');
      if (issues.length || opts.dryRun) throw new Rollback();
      await kind.finish?.(tx, ctx, env);
      runId = (await opts.afterWrite?.(tx, report(true))) ?? null;
    });
  } catch (e) {
    input.destroy();
    await end(false);
    if (e instanceof Rollback) return report(false);
    if (e instanceof BadEncoding) {
      // a byte the encoding cannot read: nothing is written, and the report says where it is
      issues.length = 0;
      const message = { key: 'encoding' as const, params: { offset: e.offset, encoding: e.encoding } };
      issues.push({ row: e.row, column: '', message });
      return report(false);
    }
    if (e instanceof Unreadable) {
      const message = importMessage(opts.lang, { key: 'unreadable', params: { format: format.toUpperCase() } });
      throw badRequest(message, [{ path: 'file', message }]);
    }
    throw e;
  }
  input.destroy();
  await end(true);
  return report(true);
}
