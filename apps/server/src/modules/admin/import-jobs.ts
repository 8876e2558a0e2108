/**
 * Imports as jobs (issue 56): the upload becomes a run answered at once, run here one at a time per process with
 * its progress on the run row. Data, audit entry and final state commit in one transaction; a run of a process
 * that died keeps a stale heartbeat and is marked failed at the next start (or by any live process).
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  IMPORT_KINDS,
  type TImportEncoding,
  type TImportKind,
  type TImportReport,
  type TImportRun,
  type TImportRunDetail,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { FileStore } from '../../lib/file-store';
import { importMessage } from '../../lib/imports/messages';
import { insertAudit } from '../../lib/audit';
import { clampPaging } from '../../lib/lists';
import type { ImportFormat } from '../../lib/imports/read';
import { runImport, type ImportProgress } from '../../lib/imports/run';
import type { MailContext } from '../../lib/mail/render';
import * as repo from './admin.repository';
import { IMPORT_KIND_DEFS, IMPORT_KIND_SCOPES, importKindScope } from './import-kinds';
import type { AdminCaller } from '../../lib/admin-auth';

/** How often a running job writes its progress and heartbeat on its run row. */
const HEARTBEAT_MS = 2000;
/** A run without a heartbeat for this long belongs to a process that is gone. */
export const STALE_RUN_MS = 60_000;

export interface ImportJobDeps {
  db: Db;
  now: () => Date;
  fileStore?: FileStore;
  mail?: MailContext;
  timeZone?: string;
  /** after a committed companies import (it may have deactivated companies or set passwords) */
  onCompaniesImported: () => void;
  /** PGlite: this process is the database's only one, so at start every unfinished run is a dead one */
  singleProcess?: boolean;
}

export interface StartImport {
  actorKind: string;
  actor: string;
  kind: TImportKind;
  /** the upload, whole, on disk */
  file: string;
  /** delete `file` (and its folder, a temporary one of its own) once the job is over: an upload, not the CLI's file */
  removeFile: boolean;
  fileName: string;
  format: ImportFormat;
  dryRun: boolean;
  lang?: string;
  encoding: TImportEncoding;
}

type RunRow = Awaited<ReturnType<typeof repo.listImportRuns>>['rows'][number];

export function createImportJobs(deps: ImportJobDeps) {
  const { db, now } = deps;
  /** runs of this process not finished yet: their progress, their end, how to stop them */
  const live = new Map<number, { row: RunRow; progress: ImportProgress | null; done: Promise<void>; abort: AbortController }>();
  let tail: Promise<void> = Promise.resolve();
  let closing = false;
  let sweeper: NodeJS.Timeout | undefined;

  function toRun(r: RunRow): TImportRun {
    const p = live.get(r.id)?.progress;
    const running = r.status === 'queued' || r.status === 'running';
    return {
      id: r.id,
      kind: r.kind,
      actor_kind: r.actorKind as TImportRun['actor_kind'],
      actor: r.actor,
      file_name: r.fileName,
      dry_run: r.dryRun,
      committed: r.committed,
      rows: r.rows,
      created: r.created,
      updated: r.updated,
      unchanged: r.unchanged,
      error_count: r.errorCount,
      at: r.at.toISOString(),
      // this process's own running job: its progress from memory (PGlite cannot write it while the import holds the connection)
      status: running && p ? 'running' : (r.status as TImportRun['status']),
      phase: (running && p ? p.phase : r.phase) as TImportRun['phase'],
      rows_read: running && p ? p.rowsRead : r.rowsRead,
      rows_written: running && p ? p.rowsWritten : r.rowsWritten,
      finished_at: r.finishedAt?.toISOString() ?? null,
    };
  }

  /** A run row's end: its counts, its report and when. */
  const ended = (r: Omit<TImportReport, 'run_id'>) => ({
    phase: 'finished',
    rows: r.rows,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    rowsRead: r.rows,
    rowsWritten: r.created + r.updated + r.unchanged,
    report: r,
    finishedAt: now(),
  });

  /** The end of a run that did not commit (rejected, dry run, unreadable, failed), in a statement of its own. */
  async function finish(id: number, status: 'done' | 'failed', r: Omit<TImportReport, 'run_id'>) {
    const errorCount = r.errors.length + (r.errors_not_listed ?? 0);
    await repo.updateImportRun(db, id, { status, committed: r.committed, errorCount, ...ended(r) });
  }

  async function work(id: number, job: StartImport, signal: AbortSignal) {
    const entry = live.get(id)!;
    const def = IMPORT_KIND_DEFS[job.kind];
    const empty = { kind: job.kind, dry_run: job.dryRun, committed: false, rows: 0, created: 0, updated: 0, unchanged: 0 };
    entry.progress = { phase: 'reading', rowsRead: 0, rowsWritten: 0 };
    await repo.updateImportRun(db, id, { status: 'running', phase: 'reading', heartbeatAt: now() }, true);
    // progress and heartbeat on the run row (PostgreSQL: on another connection than the import's; PGlite: after it)
    let beating: Promise<unknown> | null = null;
    const beat = setInterval(() => {
      const p = entry.progress;
      if (beating || !p) return;
      beating = repo
        .updateImportRun(db, id, { phase: p.phase, rowsRead: p.rowsRead, rowsWritten: p.rowsWritten, heartbeatAt: now() }, true)
        .catch(() => undefined)
        .finally(() => (beating = null));
    }, HEARTBEAT_MS);
    try {
      const report = await runImport(db, def, job.file, {
        format: job.format,
        dryRun: job.dryRun,
        lang: job.lang,
        encoding: job.encoding,
        signal,
        onProgress: (p) => (entry.progress = p),
        env: {
          now,
          timeZone: deps.timeZone,
          fileStore: deps.fileStore,
          mail: deps.mail,
          // an entry the import writes itself (a payment's adjustment, a company's e-mail change), by the job's actor, in the import's transaction
          audit: (tx, action, target) =>
            insertAudit(tx, { actorKind: job.actorKind, actor: job.actor, action, target, counts: null, at: now() }),
        },
        afterWrite: async (tx, r) => {
          const counts = { rows: r.rows, created: r.created, updated: r.updated, unchanged: r.unchanged };
          const by = { actorKind: job.actorKind, actor: job.actor, at: now() };
          await insertAudit(tx, { ...by, action: `import.${job.kind}`, target: job.fileName, counts });
          const { run_id: _, ...report } = r;
          // the run's end in the import's own transaction: committed data and a done run, or neither
          await repo.updateImportRun(tx, id, { status: 'done', committed: true, errorCount: 0, ...ended(report) });
          return id;
        },
      });
      clearInterval(beat);
      await beating;
      if (report.committed) {
        if (job.kind === 'companies') deps.onCompaniesImported();
      } else {
        const { run_id: _, ...r } = report;
        await finish(id, 'done', r);
      }
    } catch (e) {
      clearInterval(beat);
      await beating;
      // a file that cannot be read is a report too, with the reason as its one error
      if (e instanceof AppError && e.statusCode === 400) {
        const message = e.issues?.[0]?.message ?? e.message;
        await finish(id, 'done', { ...empty, errors: [{ row: 1, column: 'file', message }] });
      } else {
        const reason = signal.aborted ? 'the server stopped' : e instanceof Error ? e.message.slice(0, 200) : 'error';
        const message = importMessage(job.lang, { key: 'jobFailed', params: { reason } });
        await finish(id, 'failed', { ...empty, errors: [{ row: 0, column: '', message }] }).catch(() => undefined);
        if (!signal.aborted) throw e;
      }
    }
  }

  async function removeUpload(job: StartImport) {
    if (job.removeFile) await rm(path.dirname(job.file), { recursive: true, force: true }).catch(() => undefined);
  }

  return {
    /** Records the run (queued), queues its job and answers at once. */
    async startImport(job: StartImport): Promise<TImportRunDetail> {
      if (closing) {
        await removeUpload(job);
        throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The server is stopping; send the file again.');
      }
      await recover().catch(() => undefined);
      const report = { kind: job.kind, dry_run: job.dryRun, committed: false, rows: 0, created: 0, updated: 0, unchanged: 0, errors: [] };
      const at = now();
      const values = {
        kind: job.kind,
        actorKind: job.actorKind,
        actor: job.actor,
        fileName: job.fileName,
        dryRun: job.dryRun,
        committed: false,
        status: 'queued',
        phase: 'queued',
        at,
      };
      const id = await repo.insertImportRun(db, { ...values, report, heartbeatAt: at });
      const row: RunRow = {
        ...values,
        id,
        rows: 0,
        created: 0,
        updated: 0,
        unchanged: 0,
        errorCount: 0,
        rowsRead: 0,
        rowsWritten: 0,
        finishedAt: null,
      };
      const abort = new AbortController();
      const previous = tail;
      const done = (async () => {
        await previous;
        try {
          if (!abort.signal.aborted) await work(id, job, abort.signal);
          else
            await finish(id, 'failed', {
              ...report,
              errors: [
                { row: 0, column: '', message: importMessage(job.lang, { key: 'jobFailed', params: { reason: 'the server stopped' } }) },
              ],
            });
        } finally {
          live.delete(id);
          await removeUpload(job);
        }
      })();
      live.set(id, { row, progress: null, done, abort });
      // one at a time: the next job waits for this one, whatever its outcome
      tail = done.catch(() => undefined);
      return runDetail(id);
    },

    /** The run once its job is over (the CLI waits for its own), its progress told meanwhile. */
    async waitForRun(id: number, onProgress?: (run: TImportRun) => void, everyMs = 500): Promise<TImportRunDetail> {
      const job = live.get(id);
      if (job) {
        let timer: NodeJS.Timeout | undefined;
        if (onProgress) timer = setInterval(() => void runDetail(id).then(onProgress, () => undefined), everyMs);
        try {
          await job.done;
        } finally {
          clearInterval(timer);
        }
      }
      return runDetail(id);
    },

    /** The history, newest first: an operator's whole, a key's only the kinds its scope imports. */
    async listImportRuns(start: number, length: number, caller?: AdminCaller) {
      const kinds = caller?.kind === 'key' ? IMPORT_KINDS.filter((k) => IMPORT_KIND_SCOPES[k] === caller.scope) : undefined;
      const { rows, total } = await repo.listImportRuns(db, clampPaging({ start, length }), kinds);
      return { dataset: rows.map(toRun), total_cnt: total };
    },

    /** One run; a key sees only the runs of the kinds its scope imports (another's is not found). */
    async importRun(id: number, caller?: AdminCaller) {
      const run = await runDetail(id);
      if (caller?.kind === 'key' && importKindScope({ kind: run.kind }) !== caller.scope) throw notFound('No such import run');
      return run;
    },

    /** Marks the runs of a process that is gone as failed (PGlite: every unfinished one; PostgreSQL: stale heartbeat). */
    async recoverImports(): Promise<number[]> {
      const ids = await recover(deps.singleProcess);
      if (!deps.singleProcess && !sweeper) {
        sweeper = setInterval(() => void recover().catch(() => undefined), STALE_RUN_MS / 2);
        sweeper.unref();
      }
      return ids;
    },

    /** Stops this process's jobs (at shutdown): the running one rolls back at its next row, the queued ones never start. */
    async closeImports() {
      closing = true;
      clearInterval(sweeper);
      for (const job of live.values()) job.abort.abort();
      await tail;
    },
  };

  async function runDetail(id: number): Promise<TImportRunDetail> {
    // this process's unfinished run from memory: on PGlite the import holds the one connection until it ends
    const job = live.get(id);
    if (job) return { ...toRun(job.row), report: null };
    const row = await repo.findImportRun(db, id);
    if (!row) throw notFound('No such import run');
    const run = toRun(row);
    const finished = run.status === 'done' || run.status === 'failed';
    return { ...run, report: finished ? { ...row.report, run_id: row.id } : null };
  }

  async function recover(all = false): Promise<number[]> {
    const message = importMessage('en', { key: 'jobFailed', params: { reason: 'its server process stopped' } });
    const at = now();
    const before = all ? null : new Date(at.getTime() - STALE_RUN_MS);
    const runs = await repo.failDeadImportRuns(db, before, [...live.keys()], [{ row: 0, column: '', message }], at);
    return runs.map((r) => r.id);
  }
}
