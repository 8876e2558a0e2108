// `npm run portal -- <command>`: operations on the portal's data.
//   backup <file>              the embedded database and its local files into one zip (stop the server first)
//   restore <file> [--force]   that zip into DATA_DIR (an existing database only with --force)
//   statements issue [period]  the royalty statements of a period (issue 18)
//   operator …                 operators of the admin API and their API keys (issue 15)
//   company …                  companies: create, reset-password, deactivate, reactivate, list (issue 15)
//   import <kind> <file>       an import file, as POST /api/admin/imports/{kind} (issue 15)
import { userInfo } from 'node:os';
import { createInterface } from 'node:readline';
import { loadConfig, loadDotEnv, type AppConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedReference } from '../db/seed/reference';
import { lockDataDir } from '../lib/data-dir-lock';
import { backupEmbedded, restoreEmbedded } from '../lib/embedded-backup';
import { createFileStore } from '../lib/file-store';
import { mailContextOf } from '../lib/mail/render';
import { createStatementsService, parsePeriod } from '../modules/copyright/statements.service';
import type { AdminService } from '../modules/admin/admin.service';
import { cliAdminService } from './admin-cli';
import { COMPANY_HELP, companyCommand, IMPORT_HELP, importCommand } from './company-cli';
import { OPERATOR_HELP, operatorCommand, UsageError, type OperatorCliIo } from './operator-cli';

const HELP = `Usage: npm run portal -- <command>
  backup <file>             write the embedded database (DATA_DIR/pglite) and its local files to <file> (a zip)
  restore <file> [--force]  restore such a file into DATA_DIR; --force replaces an existing database
  statements issue [period] [--company <idx>]
                            issue the royalty statements of a period; see \`statements --help\`
  operator create|key …     operators of the admin API and their API keys; see \`operator --help\`
  company create|reset-password|deactivate|reactivate|list …
                            the companies that log in to the portal; see \`company --help\`
  import <kind> <file> [--dry-run] [--lang ko]
                            import a CSV, XLSX or ZIP file of a kind (all rows or none); see \`import --help\`
The embedded database belongs to one process: while the server runs on it (it holds DATA_DIR/portal.lock),
these commands refuse to start (exit 1) and write nothing; stop the server first.
With DATABASE_URL (PostgreSQL) use pg_dump / pg_restore, and the file store's own backup.`;

const STATEMENTS_HELP = `Usage: npm run portal -- statements issue [period] [--company <idx>]
  Issues the royalty statements of a period: one per company and currency with royalty lines created in
  it (in APP_TIME_ZONE), as a PDF in the company's language, stored in FILE_STORE and listed on the
  company's Statements tab. The period is a month (2026-10) with STATEMENT_PERIOD=month (the default),
  a quarter (2026-Q4) with STATEMENT_PERIOD=quarter; without one, the period before the current one.
  Issuing a period again issues nothing for a statement whose data did not change, and a new version
  (a new number; the old one stays) for one whose data did.
  --company <idx>  only this company
With the embedded database, stop the server first (it belongs to one process: the command refuses to run
while the server holds DATA_DIR/portal.lock); with DATABASE_URL the server may run.`;

/** Holds the embedded database for this process (lib/data-dir-lock.ts); nothing to hold with DATABASE_URL. */
function holdEmbedded(config: AppConfig, role: string) {
  if (!config.databaseUrl) lockDataDir(config.dataDir, role);
}

/** `statements issue`: prints what was issued, one line per statement, and the counts. */
async function issueStatements(config: AppConfig, args: string[]) {
  const companyAt = args.indexOf('--company');
  const companyIdx = companyAt >= 0 ? Number(args[companyAt + 1]) : undefined;
  if (companyIdx !== undefined && !(Number.isInteger(companyIdx) && companyIdx > 0))
    throw new Error('--company takes a company idx (a number).');
  const positional = args.filter((a, i) => !a.startsWith('--') && (companyAt < 0 || i !== companyAt + 1));
  // a malformed period is refused before the database is opened
  if (positional[0]) parsePeriod(positional[0], config.statementPeriod ?? 'month');
  holdEmbedded(config, 'statements issue');
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
  try {
    await database.migrate();
    const files = await createFileStore(config.fileStore ?? { kind: 'local', dir: config.filesDir }, database.db);
    const service = createStatementsService({
      db: database.db,
      files,
      timeZone: config.timeZone,
      issuer: config.issuer,
      periodKind: config.statementPeriod,
      mail: mailContextOf(config),
    });
    const period = positional[0] ?? service.previousPeriod();
    const started = Date.now();
    const r = await service.issue(period, { companyIdx });
    for (const s of r.issued) console.log(`  ${s.number}  company ${s.companyIdx}  ${s.currency}  version ${s.version}  (${s.lang})`);
    console.log(
      `Period ${r.period.period} (${r.period.start} – ${r.period.end}): ${r.issued.length} statement(s) issued over ${r.lines} royalty lines, ` +
        `${r.unchanged} unchanged, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    await files.close();
  } finally {
    await database.close();
  }
}

/** A secret typed on a terminal without echo, or the first line of a pipe; undefined when neither comes. */
async function askSecret(prompt: string): Promise<string | undefined> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const lines = createInterface({ input: stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return undefined;
  }
  process.stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve) => {
    let typed = '';
    const done = (value: string | undefined) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
      resolve(value);
    };
    const onData = (chunk: string) => {
      for (const c of chunk) {
        if (c === '\r' || c === '\n') return done(typed);
        if (c === '\u0003') return done(undefined); // Ctrl-C
        typed = c === '\u007f' ? typed.slice(0, -1) : typed + c;
      }
    };
    stdin.on('data', onData);
  });
}

/** An admin command on the configured database, migrated first; its exit code (usage error: help, exit 1). */
async function runAdmin(
  role: string,
  help: string,
  run: (admin: AdminService, io: OperatorCliIo) => Promise<number | void>,
): Promise<number> {
  const config = loadConfig();
  try {
    holdEmbedded(config, role);
  } catch (e) {
    console.error((e as Error).message);
    return 1;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
  try {
    await database.migrate();
    // the lookup tables the checks need (countries, divisions), as the server loads them at its start; idempotent
    await seedReference(database.db);
    // the server's file store and mail settings: an imported attachment is kept where the server reads it, and the
    // outbox gets the same mails as for an import through the API (a running server, or the next one started, sends them)
    const fileStore = await createFileStore(config.fileStore ?? { kind: 'local', dir: config.filesDir }, database.db);
    try {
      const admin = cliAdminService(database.db, { ...config, fileStore, mail: mailContextOf(config) });
      return (await run(admin, { out: (line) => console.log(line), askSecret, user: userInfo().username })) ?? 0;
    } finally {
      await fileStore.close();
    }
  } catch (e) {
    console.error(e instanceof UsageError ? `${e.message}\n${help}` : (e as Error).message);
    return 1;
  } finally {
    await database.close();
  }
}

/** Help asked for (`--help` anywhere, `help`, or nothing at all): printed without opening the database. */
const helpOnly = (args: string[]) => !args.length || args.includes('--help') || args[0] === 'help';

/** `operator …`, `company …`, `import …`: their exit code. */
async function adminCommand(command: 'operator' | 'company' | 'import', args: string[]): Promise<number> {
  if (command === 'operator') {
    if (helpOnly(args)) {
      console.log(OPERATOR_HELP);
      return args.length ? 0 : 1;
    }
    return runAdmin(`operator ${args[0]}`, OPERATOR_HELP, (admin, io) => operatorCommand(admin, args, io));
  }
  const progress = process.stderr;
  if (helpOnly(args)) {
    // the commands print their own help (each subcommand's too) before touching the service
    const io = { out: (l: string) => console.log(l), askSecret, user: '', progress };
    const run = command === 'company' ? companyCommand(undefined as never, args, io) : importCommand(undefined as never, args, io);
    return run.then(
      () => 0,
      () => 1,
    );
  }
  return command === 'company'
    ? runAdmin(`company ${args[0]}`, COMPANY_HELP, (admin, io) => companyCommand(admin, args, io))
    : runAdmin('import', IMPORT_HELP, (admin, io) => importCommand(admin, args, { ...io, progress }));
}

loadDotEnv();
const [command, file, ...rest] = process.argv.slice(2);
if (command === 'operator' || command === 'company' || command === 'import') {
  const code = await adminCommand(command, process.argv.slice(3));
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  process.exit(code);
}
if (command === 'statements') {
  if (file !== 'issue' || rest.includes('--help')) {
    console.log(STATEMENTS_HELP);
    process.exit(file === 'issue' || file === '--help' || file === 'help' ? 0 : 1);
  }
  let code = 0;
  try {
    await issueStatements(loadConfig(), rest);
  } catch (e) {
    console.error((e as Error).message);
    code = 1;
  }
  // stdout may be a pipe: what was printed drains before the exit (a thousand statement lines were cut off)
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  process.exit(code);
}
if (
  !command ||
  command === '--help' ||
  command === 'help' ||
  ((command === 'backup' || command === 'restore') && (!file || file === '--help'))
) {
  console.log(HELP);
  process.exit(command ? 0 : 1);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see the README).');
  process.exit(1);
}
const paths = {
  pgliteDir: `${config.dataDir}/pglite`,
  filesDir: config.fileStore?.kind === 'local' || !config.fileStore ? config.filesDir : undefined,
};
try {
  if (command === 'backup' || command === 'restore') holdEmbedded(config, command);
  if (command === 'backup') {
    const r = await backupEmbedded(paths, file!);
    console.log(`Backup written to ${file}: database ${Math.round(r.databaseBytes / 1024)} KiB (compressed), ${r.files} stored files.`);
  } else if (command === 'restore') {
    const r = await restoreEmbedded(paths, file!, { force: rest.includes('--force') });
    console.log(`Restored ${file} into ${config.dataDir}: the database and ${r.files} stored files.`);
  } else {
    console.error(`Unknown command ${command}.\n${HELP}`);
    process.exit(1);
  }
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
