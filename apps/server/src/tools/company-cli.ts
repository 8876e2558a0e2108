// `npm run portal -- company …` and `npm run portal -- import …` (issue 15): the same admin service as
// /api/admin, so each write is in the audit log (and each import in the history) as the CLI, with the
// system user who ran it.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  IMPORT_ENCODINGS,
  IMPORT_KINDS,
  PASSWORD_MIN_LENGTH,
  UI_LANGUAGES,
  ZAdminCompanyCreateBody,
  ZImportKind,
  type TImportEncoding,
  type TImportReport,
  type TImportRun,
  type TImportRunDetail,
} from '@portal/contract';
import { formatOf } from '../lib/imports/read';
import type { AdminService } from '../modules/admin/admin.service';
import { AppError } from '../lib/errors';
import { option, UsageError, type OperatorCliIo } from './operator-cli';

export const COMPANY_HELP = `Usage: npm run portal -- company <command>
  create <id> --name <name> --country <KOR> [--division AUT] [--email <a,b>] [--password <pw>]
                          a new company; without --password the password is asked for on a terminal (not echoed)
                          or read from the first line of a pipe. It must change it at its first login.
  reset-password <id> [--password <pw>]
                          a new password it must change at its next login; every session of the company ends
  deactivate <id>         it cannot log in any more (like a wrong password); every session ends at once
  reactivate <id>         it can log in again
  list [--search <text>] [--start <n>] [--length <n>]
                          the companies, newest first; --search matches part of the login id or the name
Each command takes --help.`;

const SUB_HELP: Record<string, string> = {
  create:
    'Usage: npm run portal -- company create <id> --name <name> --country <KOR> [--division AUT] [--email <a,b>] [--password <pw>]\n' +
    `  The id is letters, digits and . _ @ -; the country ISO 3166 alpha-3; the password at least ${PASSWORD_MIN_LENGTH} characters.`,
  'reset-password':
    'Usage: npm run portal -- company reset-password <id> [--password <pw>]\n' +
    '  Sets a password the company must change at its next login and ends every session of the company.',
  deactivate: 'Usage: npm run portal -- company deactivate <id>\n  The company cannot log in any more; every session of it ends at once.',
  reactivate: 'Usage: npm run portal -- company reactivate <id>\n  The company can log in again (with its password).',
  list: 'Usage: npm run portal -- company list [--search <text>] [--start <n>] [--length <n>]\n  Newest first, 20 a page by default.',
};

export const IMPORT_HELP = `Usage: npm run portal -- import <kind> <file> [--dry-run] [--lang <${UI_LANGUAGES.join('|')}>] [--encoding <${IMPORT_ENCODINGS.join('|')}>]
  Imports a CSV, XLSX or ZIP file of a kind as POST /api/admin/imports/{kind} does: as a job (an import run), all rows or none.
  Kinds: ${IMPORT_KINDS.join(', ')} (columns: docs/imports.md, or GET /api/admin/imports/{kind}/template).
  --dry-run   check and count, write nothing
  --lang      the language of the row messages (default en)
  --encoding  a CSV's encoding (default auto: UTF-8, UTF-16 with BOM or CP949, detected)
  The run's progress (phase, rows read, rows written) goes to stderr, on one line when it is a terminal.
  Exit code: 0 imported (or a clean dry run), 2 rejected (bad rows, or a file that cannot be read),
  1 any other failure (the run failed).`;

/** A service error as lines: the message and each field issue. */
function failure(e: unknown): Error {
  if (e instanceof AppError && e.issues?.length)
    return new Error([e.message, ...e.issues.map((i) => `  ${i.path}: ${i.message}`)].join('\n'));
  return e as Error;
}

/** Columns padded to their widest cell, two spaces apart. */
export function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  return rows.map((r) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c + ' '.repeat(widths[i]! - [...c].length)))
      .join('  ')
      .trimEnd(),
  );
}

async function newPassword(rest: string[], io: OperatorCliIo, id: string) {
  const password = option(rest, '--password') ?? (await io.askSecret(`Password for ${id}: `));
  if (!password) throw new UsageError('No password: give --password or type it on a terminal.');
  if ([...password].length < PASSWORD_MIN_LENGTH) throw new UsageError(`A password has at least ${PASSWORD_MIN_LENGTH} characters.`);
  return password;
}

/** Runs one `company …` command over the admin service; a UsageError for bad arguments. */
export async function companyCommand(admin: AdminService, args: string[], io: OperatorCliIo): Promise<void> {
  const actor = { kind: 'cli' as const, user: io.user };
  const [sub, ...rest] = args;
  if (!sub || sub === '--help' || sub === 'help') {
    io.out(COMPANY_HELP);
    if (!sub) throw new UsageError('company takes a command.');
    return;
  }
  if (rest.includes('--help')) {
    io.out(SUB_HELP[sub] ?? COMPANY_HELP);
    return;
  }
  const id = rest[0] && !rest[0].startsWith('--') ? rest[0] : undefined;
  const show = (c: Awaited<ReturnType<AdminService['company']>>) =>
    `${c.id} (${c.company_name}, ${c.country}): ${c.active ? 'active' : 'deactivated'}, ` +
    `${c.has_password ? (c.must_change_password ? 'must change its password' : 'has a password') : 'no password'}`;
  try {
    if (sub === 'create') {
      if (!id) throw new UsageError('company create takes a login id.');
      const parsed = ZAdminCompanyCreateBody.omit({ password: true }).safeParse({
        id,
        company_name: option(rest, '--name'),
        country: option(rest, '--country'),
        code_company_division: option(rest, '--division'),
        email: option(rest, '--email'),
      });
      if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => `${i.path.join('.') || 'value'}: ${i.message}`).join('\n'));
      const c = await admin.createCompany(actor, { ...parsed.data, password: await newPassword(rest, io, id) });
      io.out(`Company created: ${show(c)}.`);
      return;
    }
    if (sub === 'reset-password') {
      if (!id) throw new UsageError('company reset-password takes a login id.');
      const c = await admin.resetCompanyPassword(actor, id, await newPassword(rest, io, id));
      io.out(`Password reset: ${show(c)}; its sessions ended.`);
      return;
    }
    if (sub === 'deactivate' || sub === 'reactivate') {
      if (!id) throw new UsageError(`company ${sub} takes a login id.`);
      const c = await admin.setCompanyActive(actor, id, sub === 'reactivate');
      io.out(`${sub === 'reactivate' ? 'Reactivated' : 'Deactivated'}: ${show(c)}.`);
      return;
    }
    if (sub === 'list') {
      const number = (name: string, fallback: number, max: number) => {
        const v = option(rest, name);
        const n = v === undefined ? fallback : Number(v);
        if (!Number.isInteger(n) || n < 0 || n > max) throw new UsageError(`${name} takes a whole number up to ${max}.`);
        return n;
      };
      const search = option(rest, '--search');
      const r = await admin.listCompanies({ search, start: number('--start', 0, 1_000_000), length: number('--length', 20, 100) || 20 });
      if (!r.dataset.length) io.out('No companies.');
      else
        for (const line of table([
          ['ID', 'NAME', 'COUNTRY', 'ACTIVE', 'PASSWORD', 'CREATED'],
          ...r.dataset.map((c) => [
            c.id,
            c.company_name,
            c.country,
            c.active ? 'yes' : 'no',
            c.has_password ? (c.must_change_password ? 'must change' : 'set') : 'none',
            c.created_at.slice(0, 10),
          ]),
        ]))
          io.out(line);
      io.out(`${r.dataset.length} of ${r.total_cnt} companies.`);
      return;
    }
  } catch (e) {
    throw e instanceof UsageError ? e : failure(e);
  }
  throw new UsageError(`Unknown company command: ${args.join(' ')}`);
}

/** The report as lines: the counts, then every row error as a table. */
export function reportLines(r: TImportReport): string[] {
  const outcome = r.committed ? 'imported' : r.errors.length ? 'REJECTED: nothing was written' : 'dry run: nothing was written';
  const lines = [
    `${r.kind}: ${r.rows} rows, ${r.created} created, ${r.updated} updated, ${r.unchanged} unchanged — ${outcome}` +
      (r.run_id ? ` (import run ${r.run_id})` : ''),
  ];
  if (r.errors.length) {
    const more = r.errors_not_listed ?? 0;
    lines.push(more ? `${r.errors.length + more} error(s), the first ${r.errors.length} listed:` : `${r.errors.length} error(s):`);
    lines.push(...table([['ROW', 'COLUMN', 'MESSAGE'], ...r.errors.map((e) => [String(e.row), e.column || '-', e.message])]));
    if (more) lines.push(`… and ${more} more error(s) not listed.`);
  }
  return lines;
}

export interface ImportCliIo extends Pick<OperatorCliIo, 'out' | 'user'> {
  /** stderr: a progress bar when it is a terminal, plain lines otherwise */
  progress: { isTTY?: boolean; columns?: number; write(s: string): unknown };
}

/** Runs `import <kind> <file>` as a job and waits for it; its exit code: 0 imported (or a clean dry run), 2 rejected, 1 failure. */
export async function importCommand(admin: AdminService, args: string[], io: ImportCliIo): Promise<number> {
  if (!args.length || args.includes('--help') || args[0] === 'help') {
    io.out(IMPORT_HELP);
    if (!args.length) throw new UsageError('import takes a kind and a file.');
    return 0;
  }
  const [kindArg, fileArg] = args;
  const kind = ZImportKind.safeParse(kindArg);
  if (!kind.success) throw new UsageError(`Unknown import kind ${kindArg}; one of ${IMPORT_KINDS.join(', ')}.`);
  if (!fileArg || fileArg.startsWith('--')) throw new UsageError('import takes a file after the kind.');
  // `npm run portal` runs in apps/server: a relative path means the directory the command was typed in (npm's INIT_CWD)
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArg);
  const lang = option(args, '--lang');
  if (lang !== undefined && !(UI_LANGUAGES as readonly string[]).includes(lang))
    throw new UsageError(`--lang is one of ${UI_LANGUAGES.join(', ')}.`);
  const encoding = option(args, '--encoding') ?? 'auto';
  if (!(IMPORT_ENCODINGS as readonly string[]).includes(encoding))
    throw new UsageError(`--encoding is one of ${IMPORT_ENCODINGS.join(', ')}.`);
  await stat(file); // a missing file fails here, before a run is recorded
  const name = path.basename(file);
  const tty = !!io.progress.isTTY;
  let shown = '';
  // the run's progress as the web console shows it: phase, rows read, rows written
  const show = (run: TImportRun) => {
    const line = `${run.phase}: ${run.rows_read.toLocaleString('en-US')} rows read, ${run.rows_written.toLocaleString('en-US')} written`;
    if (line === shown) return;
    shown = line;
    io.progress.write(tty ? `\r${line.padEnd(Math.min(79, (io.progress.columns ?? 80) - 1))}` : `${line}\n`);
  };
  let run: TImportRunDetail;
  try {
    const started = await admin.startImport(
      { kind: 'cli', user: io.user },
      {
        kind: kind.data,
        file,
        removeFile: false,
        fileName: name,
        format: formatOf(name),
        dryRun: args.includes('--dry-run'),
        encoding: encoding as TImportEncoding,
        lang,
      },
    );
    io.progress.write(`Import run ${started.id}: ${name}\n`);
    run = await admin.waitForRun(started.id, show, tty ? 500 : 5000);
  } catch (e) {
    if (tty && shown) io.progress.write('\n');
    throw failure(e);
  }
  show(run);
  if (tty) io.progress.write('\n');
  const report = run.report;
  if (run.status === 'failed' || !report) {
    io.out(`${kind.data}: FAILED: ${report?.errors[0]?.message ?? run.status} (import run ${run.id})`);
    return 1;
  }
  for (const line of reportLines(report)) io.out(line);
  return report.errors.length ? 2 : 0;
}
