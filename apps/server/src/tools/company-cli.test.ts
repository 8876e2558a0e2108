import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bbsPosts } from '../db/schema';
import type { AdminService } from '../modules/admin/admin.service';
import { rememberSecret } from '../test/log-capture';
import { createTestApp, type TestContext } from '../test/helper';
import { cliAdminService } from './admin-cli';
import { COMPANY_HELP, companyCommand, IMPORT_HELP, importCommand } from './company-cli';
import { UsageError } from './operator-cli';

const DB = process.env.TEST_DB ?? 'pglite';
let t: TestContext;
let admin: AdminService;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = cliAdminService(t.db, { tokenTtlMinutes: 60 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'company-cli-'));
  for (const p of ['Cli-company-1', 'Asked-secret-2', 'Cli-reset-33']) rememberSecret(p);
}, 60_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

async function company(args: string[], asked?: string) {
  const lines: string[] = [];
  await companyCommand(admin, args, { out: (l) => lines.push(l), askSecret: async () => asked, user: 'ops-user' });
  return lines;
}

/** Runs `import`; its exit code, printed lines and what went to the progress stream. */
async function runImport(args: string[], tty: boolean) {
  const lines: string[] = [];
  let progress = '';
  const code = await importCommand(admin, args, {
    out: (l) => lines.push(l),
    user: 'ops-user',
    progress: { isTTY: tty, columns: 80, write: (s: string) => (progress += s) },
  });
  return { code, lines, progress };
}

const companyLogin = (id: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/company/login', payload: { id, password, company_division: 'AUT' } });

describe(`npm run portal -- company (${DB})`, () => {
  it('creates a company (password asked when left out) that must change it; refuses bad fields and a taken id', async () => {
    await expect(company(['create', 'cli-pub2', '--name', 'X', '--country', 'KOR'])).rejects.toThrow(/No password/);
    const created = await company(['create', 'cli-pub2', '--name', 'CLI Two', '--country', 'KOR'], 'Asked-secret-2');
    expect(created[0]).toMatch(/Company created: cli-pub2 \(CLI Two, KOR\): active, must change its password/);
    expect((await companyLogin('cli-pub2', 'Asked-secret-2')).json().password_change_required).toBe(true);
    await expect(company(['create', 'cli-pub2', '--name', 'X', '--country', 'KOR', '--password', 'Cli-company-1'])).rejects.toThrow(
      /exists already/,
    );
    await expect(company(['create', 'cli-pub3', '--name', 'X', '--country', 'ZZZ', '--password', 'Cli-company-1'])).rejects.toThrow(
      /country: Unknown country code/,
    );
    await expect(company(['create', 'cli-pub3', '--country', 'KOR', '--password', 'Cli-company-1'])).rejects.toThrow(UsageError);
    await expect(company(['create', 'cli-pub3', '--name', 'X', '--country', 'KOR'], 'short')).rejects.toThrow(/at least 7/);
  });

  it('resets a password (sessions end), deactivates (login refused) and reactivates; lists with search; audited as the CLI', async () => {
    const co = await t.createCompany({ id: 'cli-reset', password: 'Cli-company-1' });
    const token = await t.login(co.id, co.password);
    expect((await company(['reset-password', 'cli-reset', '--password', 'Cli-reset-33']))[0]).toMatch(/sessions ended/);
    expect((await t.inject(token, { method: 'GET', url: '/api/company/loginInfo' })).statusCode).toBe(401);
    expect((await companyLogin('cli-reset', 'Cli-reset-33')).json().password_change_required).toBe(true);
    expect((await company(['deactivate', 'cli-reset']))[0]).toMatch(/^Deactivated: cli-reset .*deactivated/);
    expect((await companyLogin('cli-reset', 'Cli-reset-33')).statusCode).toBe(401);
    expect((await company(['reactivate', 'cli-reset']))[0]).toMatch(/^Reactivated/);
    expect((await companyLogin('cli-reset', 'Cli-reset-33')).statusCode).toBe(200);
    await expect(company(['deactivate', 'nobody-at-all'])).rejects.toThrow(/No such company/);
    await expect(company(['deactivate'])).rejects.toThrow(UsageError);

    const list = await company(['list', '--search', 'cli-']);
    expect(list[0]).toMatch(/^ID\s+NAME\s+COUNTRY\s+ACTIVE\s+PASSWORD\s+CREATED$/);
    expect(list.slice(1, -1).map((l) => l.split(/\s{2,}/)[0])).toEqual(['cli-reset', 'cli-pub2']);
    expect(list.at(-1)).toBe('2 of 2 companies.');
    expect(await company(['list', '--search', 'no-such-company'])).toEqual(['No companies.', '0 of 0 companies.']);

    const audit = (await admin.listAudit(0, 10)).dataset
      .filter((a) => a.target === 'cli-reset')
      .map((a) => `${a.actor_kind}:${a.actor}:${a.action}`);
    expect(audit).toEqual(['cli:ops-user:company.reactivate', 'cli:ops-user:company.deactivate', 'cli:ops-user:company.password']);
  });

  it('prints help on every level', async () => {
    expect(await company(['--help'])).toEqual([COMPANY_HELP]);
    for (const sub of ['create', 'reset-password', 'deactivate', 'reactivate', 'list'])
      expect((await company([sub, '--help']))[0]).toMatch(new RegExp(`^Usage: npm run portal -- company ${sub}`));
    await expect(company([])).rejects.toThrow(UsageError);
    await expect(company(['frobnicate', 'x'])).rejects.toThrow(/Unknown company command/);
    expect((await runImport(['--help'], false)).lines).toEqual([IMPORT_HELP]);
    expect((await runImport(['companies', '--help'], false)).lines).toEqual([IMPORT_HELP]);
  });
});

describe(`npm run portal -- import (${DB})`, () => {
  const file = (name: string, text: string) => {
    const p = path.join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const rows = (n: number) =>
    ['id,company_name,country', ...Array.from({ length: n }, (_, i) => `cli-imp-${i},CLI Import ${i},KOR`)].join('\n') + '\n';

  it('imports as a job with its progress (one line on a terminal), the same report as the API, exit 0; a dry run writes nothing', async () => {
    const csv = file('companies.csv', rows(300));
    const dry = await runImport(['companies', csv, '--dry-run'], false);
    expect(dry.code).toBe(0);
    expect(dry.lines[0]).toMatch(
      /^companies: 300 rows, 300 created, 0 updated, 0 unchanged — dry run: nothing was written \(import run \d+\)$/,
    );
    // not a terminal: plain lines, no carriage returns, the run's last progress the finished one
    expect(dry.progress).toMatch(/^Import run \d+: companies\.csv\n([^\r]*\n)?finished: 300 rows read, 300 written\n$/);
    expect((await admin.listCompanies({ search: 'cli-imp-', start: 0, length: 10 })).total_cnt).toBe(0);

    const real = await runImport(['companies', csv], true);
    expect(real.code).toBe(0);
    expect(real.lines[0]).toMatch(/300 created, 0 updated, 0 unchanged — imported \(import run (\d+)\)$/);
    expect(real.progress).toMatch(/^Import run \d+: companies\.csv\n\r/);
    expect(real.progress.trimEnd().endsWith('\rfinished: 300 rows read, 300 written')).toBe(true);
    const runId = Number(/import run (\d+)/.exec(real.lines[0]!)![1]);
    const run = await admin.importRun(runId);
    expect(run).toMatchObject({ actor_kind: 'cli', actor: 'ops-user', file_name: 'companies.csv', committed: true, created: 300 });
    expect((await runImport(['companies', csv], false)).lines[0]).toMatch(/0 created, 0 updated, 300 unchanged/);
  });

  it('a rejected file exits 2 with the row errors as a table in the language asked; an unreadable one exits 2 too', async () => {
    const bad = file('bad.csv', 'id,company_name,country\ncli-bad-1,,KOR\ncli-bad-2,Bad Two,XXX\n');
    const r = await runImport(['companies', bad, '--lang', 'ko'], false);
    expect(r.code).toBe(2);
    expect(r.lines[0]).toMatch(/REJECTED: nothing was written/);
    expect(r.lines.slice(1)).toEqual([
      '2 error(s):',
      'ROW  COLUMN        MESSAGE',
      '2    company_name  필수 값입니다.',
      expect.stringMatching(/^3 {4}country {7}.*국가 코드/),
    ]);
    const broken = await runImport(['companies', file('broken.xlsx', 'not a zip')], false);
    expect(broken.code).toBe(2);
    expect(broken.lines[0]).toMatch(/^companies: 0 rows, .* REJECTED: nothing was written/);
    expect(broken.lines.at(-1)).toMatch(/^1 +file +The file cannot be read as XLSX\.$/);
    await expect(runImport(['companies', path.join(dir, 'missing.csv')], false)).rejects.toThrow(/ENOENT/);
    await expect(runImport(['everything', bad], false)).rejects.toThrow(/Unknown import kind/);
    await expect(runImport(['companies', bad, '--lang', 'xx'], false)).rejects.toThrow(/--lang is one of/);
  });

  it('reads dates and times without an offset in the configured time zone, as the API does', async () => {
    const utc = cliAdminService(t.db, { tokenTtlMinutes: 60, timeZone: 'UTC' });
    const csv = file('notices.csv', 'ref,title,content,posted_at\ncli-tz-1,CLI notice,<p>x</p>,2026-11-20 09:30\n');
    const lines: string[] = [];
    const code = await importCommand(utc, ['notices', csv], {
      out: (l) => lines.push(l),
      user: 'ops-user',
      progress: { isTTY: false, columns: 80, write: () => true },
    });
    expect(code, lines.join('\n')).toBe(0);
    const [post] = await t.db.select({ at: bbsPosts.createdAt }).from(bbsPosts).where(eq(bbsPosts.importRef, 'cli-tz-1'));
    // 09:30 in Seoul would be 00:30Z
    expect(post!.at.toISOString()).toBe('2026-11-20T09:30:00.000Z');
  });
});
