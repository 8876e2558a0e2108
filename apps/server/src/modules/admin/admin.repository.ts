import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  ADMIN_COMPANY_SORT_DEFAULT,
  MAIL_SORT_DEFAULT,
  type TAdminCompany,
  type TAdminCompanySortKey,
  type TMailFilter,
  type TMailRow,
  type TOperator,
  type TOperatorKey,
  type TSort,
} from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import {
  companies,
  companyCredentials,
  companyDivisions,
  companyUsers,
  countries,
  importRuns,
  operatorKeys,
  operators,
  sessions,
} from '../../db/schema';
import { queryRows as rows } from '../../db/raw-query';
import { countRows, escapeLike, isoSql, listPage, type Paging } from '../../lib/lists';
import { orderSql, type SortSpec } from '../../lib/lists/sort';

/** A timestamp as the API shows it: ISO 8601 in UTC with milliseconds (as Date.toISOString). */
const iso = (col: string) => isoSql(col, true);
const dateOrNull = (at: string | null) => (at === null ? null : new Date(at));

export function findOperatorByLoginId(db: DbOrTx, loginId: string) {
  return db
    .select()
    .from(operators)
    .where(eq(operators.loginId, loginId))
    .limit(1)
    .then((r) => r[0]);
}

// ------------------------------------------------------------ operator sessions (issue 56)

/** An operator's session: a row of the sessions table, as a company's login makes. */
export async function insertOperatorSession(db: DbOrTx, s: { sid: string; operatorIdx: number; expiresAt: Date; now: Date }) {
  await db.insert(sessions).values({ sid: s.sid, operatorIdx: s.operatorIdx, expiresAt: s.expiresAt, createdAt: s.now, loggedInAt: s.now });
}

/** The operator of a live session (unrevoked, unexpired, of this operator, who is active), with its last use. */
export function findLiveOperatorSession(db: DbOrTx, sid: string, operatorIdx: number, now: Date) {
  return db
    .select({ loginId: operators.loginId, lastUsedAt: operators.lastUsedAt, totpEnabledAt: operators.totpEnabledAt })
    .from(sessions)
    .innerJoin(operators, eq(operators.idx, sessions.operatorIdx))
    .where(
      and(
        eq(sessions.sid, sid),
        eq(sessions.operatorIdx, operatorIdx),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(operators.active, true),
      ),
    )
    .limit(1)
    .then((r) => r[0]);
}

/** Sets the operator's last use to `at` unless it is later than `unlessAfter` already (one write a minute at most). */
export async function touchOperator(db: DbOrTx, operatorIdx: number, at: Date, unlessAfter: Date) {
  await db
    .update(operators)
    .set({ lastUsedAt: at })
    .where(and(eq(operators.idx, operatorIdx), or(isNull(operators.lastUsedAt), lt(operators.lastUsedAt, unlessAfter))));
}

/** Revokes one operator session (logout); false when it was not live. */
export async function revokeOperatorSession(db: DbOrTx, sid: string, operatorIdx: number, now: Date) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.sid, sid), eq(sessions.operatorIdx, operatorIdx), isNull(sessions.revokedAt)))
    .returning({ sid: sessions.sid });
  return rows.length > 0;
}

/** Revokes every live session of an operator (deactivation). */
export async function revokeOperatorSessions(db: DbOrTx, operatorIdx: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.operatorIdx, operatorIdx), isNull(sessions.revokedAt)));
}

/** An operator, a key and a company as the API shows them: the lists' columns and the single rows' alike. */
const OPERATOR = sql`o.idx, o.login_id, o.name, o.active, ${iso('o.created_at')} as created_at, ${iso('o.last_used_at')} as last_used_at`;
const KEY = sql`ok.idx, ok.name, ok.scope, ok.prefix, ${iso('ok.created_at')} as created_at, ${iso('ok.revoked_at')} as revoked_at,
  ${iso('ok.last_used_at')} as last_used_at`;
const COMPANY = sql`c.idx, c.id, c.company_name, c.country, c.code_company_division, c.email, c.active,
  coalesce(cc.must_change, false) as must_change_password, (cc.company_idx is not null) as has_password, ${iso('c.created_at')} as created_at`;

/** The operators by login id (a distributor has a handful), as the API shows them, through listPage on the login id's unique index. */
export function listOperators(db: DbOrTx, paging: Paging) {
  const keys = sql`select o.login_id from operators o`;
  return listPage<TOperator & { ord: number }>(
    db,
    {
      keys,
      order: sql`k.login_id`,
      columns: sql`select page.ord, ${OPERATOR} from page join operators o on o.login_id = page.login_id`,
    },
    paging,
    () => countRows(db, keys),
  );
}

/** Activates or deactivates an operator; the operator as it is now, or undefined when there is none of this idx. */
export async function setOperatorActive(db: DbOrTx, idx: number, active: boolean): Promise<TOperator | undefined> {
  return (await rows<TOperator>(db, sql`update operators o set active = ${active} where o.idx = ${idx} returning ${OPERATOR}`))[0];
}

export function insertOperator(db: DbOrTx, o: { loginId: string; name: string; passwordHash: string }) {
  return db
    .insert(operators)
    .values(o)
    .onConflictDoNothing({ target: operators.loginId })
    .returning({ idx: operators.idx })
    .then((r) => r[0]);
}

/** The unrevoked key of this hash, its last use set to `at` in the same statement. */
export function touchLiveKey(db: DbOrTx, keyHash: string, at: Date) {
  return db
    .update(operatorKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(operatorKeys.keyHash, keyHash), isNull(operatorKeys.revokedAt)))
    .returning({ keyIdx: operatorKeys.idx, name: operatorKeys.name, scope: operatorKeys.scope })
    .then((r) => r[0]);
}

const keyById = async (db: DbOrTx, idx: number) =>
  (await rows<TOperatorKey>(db, sql`select ${KEY} from operator_keys ok where ok.idx = ${idx}`))[0];

export async function insertKey(
  db: DbOrTx,
  k: { name: string; scope: string; keyHash: string; prefix: string; createdBy: number | null; at: Date },
): Promise<TOperatorKey> {
  const [row] = await db
    .insert(operatorKeys)
    .values({ name: k.name, scope: k.scope, keyHash: k.keyHash, prefix: k.prefix, createdBy: k.createdBy, createdAt: k.at })
    .returning({ idx: operatorKeys.idx });
  return (await keyById(db, row!.idx))!;
}

/** The API keys, newest first, as the API shows them, through listPage on operator_keys_created_at. */
export function listKeys(db: DbOrTx, paging: Paging) {
  const keys = sql`select ok.idx, ok.created_at from operator_keys ok`;
  return listPage<TOperatorKey & { ord: number }>(
    db,
    {
      keys,
      order: sql`k.created_at desc, k.idx desc`,
      columns: sql`select page.ord, ${KEY} from page join operator_keys ok on ok.idx = page.idx`,
    },
    paging,
    () => countRows(db, keys),
  );
}

/** Revokes a key; the key as it is now, or undefined when there is no such key. */
export async function revokeKey(db: DbOrTx, idx: number, at: Date): Promise<TOperatorKey | undefined> {
  await db
    .update(operatorKeys)
    .set({ revokedAt: at })
    .where(and(eq(operatorKeys.idx, idx), isNull(operatorKeys.revokedAt)));
  return keyById(db, idx);
}

export async function countryExists(db: DbOrTx, code: string) {
  return (await db.select({ c: countries.code3 }).from(countries).where(eq(countries.code3, code)).limit(1)).length > 0;
}
export async function divisionExists(db: DbOrTx, code: string) {
  return (await db.select({ c: companyDivisions.code }).from(companyDivisions).where(eq(companyDivisions.code, code)).limit(1)).length > 0;
}

export async function countryCodes(db: DbOrTx) {
  return new Set((await db.select({ c: countries.code3 }).from(countries)).map((r) => r.c));
}
export async function divisionCodes(db: DbOrTx) {
  return new Set((await db.select({ c: companyDivisions.code }).from(companyDivisions)).map((r) => r.c));
}

const COMPANY_IMPORT_FIELDS = [
  'companyName',
  'country',
  'codeCompanyDivision',
  'firstName',
  'lastName',
  'registrationNumber',
  'siteUrl',
  'zipcode',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'telephone',
  'fax',
  'email',
  'emailInvoice',
  'buyRights',
  'saleRights',
  'saleInfoDisplay',
  'buyOnCredit',
  'buyConsignment',
  'buyPrepayment',
  'saleOnCredit',
  'saleConsignment',
  'salePrepayment',
] as const satisfies readonly (keyof typeof companies.$inferInsert)[];
export type CompanyImportValues = { id: string; active?: boolean } & { [K in (typeof COMPANY_IMPORT_FIELDS)[number]]: string };

/** What became of a row's company: its idx, whether it has a password, and whether this import deactivated it. */
export interface ImportedAccount {
  idx: number;
  hasPassword: boolean;
  status: 'created' | 'updated' | 'unchanged';
  deactivated: boolean;
  /** (issue 56) an existing company's e-mail lists before this import */
  before?: { email: string; emailInvoice: string };
}

/**
 * Creates the companies whose login id is new, updates those that differ, counts the rest unchanged.
 * `active` undefined leaves an existing company as it is (a new one is active).
 */
export async function upsertCompanies(db: DbOrTx, values: CompanyImportValues[]) {
  const existing = new Map(
    (
      await db
        .select({ company: companies, credentials: companyCredentials.companyIdx })
        .from(companies)
        .leftJoin(companyCredentials, eq(companyCredentials.companyIdx, companies.idx))
        .where(
          inArray(
            companies.id,
            values.map((v) => v.id),
          ),
        )
    ).map((c) => [c.company.id, { ...c.company, hasPassword: c.credentials !== null }]),
  );
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const accounts = new Map<string, ImportedAccount>();
  const fresh = values.filter((v) => !existing.has(v.id));
  if (fresh.length) {
    const rows = await db.insert(companies).values(fresh).returning({ idx: companies.idx, id: companies.id });
    for (const r of rows) accounts.set(r.id, { idx: r.idx, hasPassword: false, status: 'created', deactivated: false });
  }
  counts.created = fresh.length;
  for (const v of values) {
    const old = existing.get(v.id);
    if (!old) continue;
    const account: ImportedAccount = {
      idx: old.idx,
      hasPassword: old.hasPassword,
      status: 'unchanged',
      deactivated: false,
      before: { email: old.email, emailInvoice: old.emailInvoice },
    };
    accounts.set(v.id, account);
    if (COMPANY_IMPORT_FIELDS.every((f) => String(old[f]).trimEnd() === v[f]) && (v.active === undefined || v.active === old.active)) {
      counts.unchanged++;
      continue;
    }
    await db
      .update(companies)
      .set({ ...v, updatedAt: sql`now()` })
      .where(eq(companies.idx, old.idx));
    counts.updated++;
    account.status = 'updated';
    account.deactivated = old.active && v.active === false;
  }
  return { counts, accounts };
}

// ------------------------------------------------------------ companies (issue 15)

/** The companies' orders (issue 59): registration (idx, the default newest first), login id, name; a few thousand rows at most. */
export const ADMIN_COMPANY_SORT: SortSpec<TAdminCompanySortKey> = {
  keys: { created_at: ['idx'], id: ['id'], company_name: ['company_name'] },
  unique: ['idx'],
  default: ADMIN_COMPANY_SORT_DEFAULT,
};

/** Companies whose login id or name contains `search` (case-insensitive), in `sort` (newest first by default), as the API shows them. */
export function listCompanies(
  db: DbOrTx,
  search: string | undefined,
  paging: Paging,
  sort: TSort<TAdminCompanySortKey> = ADMIN_COMPANY_SORT_DEFAULT,
) {
  const like = search ? `%${escapeLike(search)}%` : undefined;
  const keys = sql`select c.idx, c.id, c.company_name from companies c${like ? sql` where c.id ilike ${like} or c.company_name ilike ${like}` : sql``}`;
  return listPage<TAdminCompany & { ord: number }>(
    db,
    {
      keys,
      order: orderSql(ADMIN_COMPANY_SORT, sort),
      columns: sql`select page.ord, ${COMPANY}
        from page join companies c on c.idx = page.idx left join company_credentials cc on cc.company_idx = c.idx`,
    },
    paging,
    () => countRows(db, keys),
  );
}

/** A company as the admin API shows it, with its e-mail lists (an account change is mailed to them). */
export async function findAdminCompany(db: DbOrTx, id: string) {
  const found = await rows<TAdminCompany & { email_invoice: string }>(
    db,
    sql`select ${COMPANY}, c.email_invoice from companies c left join company_credentials cc on cc.company_idx = c.idx where c.id = ${id}`,
  );
  return found[0];
}

/**
 * The login ids of users who are not a company's own login (issue 58): a new company may not take one, since
 * one login page finds one account (the company's own login is its id, which companies.id keeps unique).
 */
export async function otherUserLogins(db: DbOrTx, ids?: string[]) {
  const found = await db
    .select({ loginId: companyUsers.loginId })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyLogin, false), ids ? inArray(companyUsers.loginId, ids) : undefined));
  return new Set(found.map((r) => r.loginId));
}

/** A new company; undefined when the login id is taken. */
export function insertCompanyAccount(
  db: DbOrTx,
  c: { id: string; companyName: string; country: string; codeCompanyDivision: string; email: string },
) {
  return db
    .insert(companies)
    .values(c)
    .onConflictDoNothing({ target: companies.id })
    .returning({ idx: companies.idx })
    .then((r) => r[0]?.idx);
}

/** Activates or deactivates a company; its idx, or undefined when there is none of this id. */
export function setCompanyActive(db: DbOrTx, id: string, active: boolean) {
  return db
    .update(companies)
    .set({ active, updatedAt: sql`now()` })
    .where(eq(companies.id, id))
    .returning({ idx: companies.idx })
    .then((r) => r[0]?.idx);
}

// ------------------------------------------------------------ import history (issue 15)

export type ImportRunValues = typeof importRuns.$inferInsert;

export function insertImportRun(db: DbOrTx, run: ImportRunValues) {
  return db
    .insert(importRuns)
    .values(run)
    .returning({ id: importRuns.id })
    .then((r) => r[0]!.id);
}

/** A run's progress or its end (issue 56); `onlyRunning`: a late heartbeat never undoes the end. */
export function updateImportRun(db: DbOrTx, id: number, values: Partial<ImportRunValues>, onlyRunning = false) {
  return db
    .update(importRuns)
    .set(values)
    .where(onlyRunning ? and(eq(importRuns.id, id), inArray(importRuns.status, ['queued', 'running'])) : eq(importRuns.id, id));
}

/**
 * Marks failed the runs left unfinished by a process that is gone: no heartbeat since `staleBefore` (null: any)
 * and not in `live`; their transaction ended with their connection.
 */
export function failDeadImportRuns(
  db: DbOrTx,
  staleBefore: Date | null,
  live: number[],
  errors: ImportRunValues['report']['errors'],
  at: Date,
) {
  const ended = JSON.stringify({ committed: false, errors });
  return db
    .update(importRuns)
    .set({
      status: 'failed',
      phase: 'finished',
      committed: false,
      finishedAt: at,
      errorCount: errors.length,
      report: sql`${importRuns.report} || ${ended}::jsonb`,
    })
    .where(
      and(
        inArray(importRuns.status, ['queued', 'running']),
        staleBefore ? or(isNull(importRuns.heartbeatAt), sql`${importRuns.heartbeatAt} < ${staleBefore.toISOString()}`) : undefined,
        live.length
          ? sql`${importRuns.id} not in (${sql.join(
              live.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : undefined,
      ),
    )
    .returning({ id: importRuns.id, kind: importRuns.kind });
}

/** The runs, newest first (the report is left out: it can be large), through listPage on import_runs_at. */
export async function listImportRuns(db: DbOrTx, paging: Paging, kinds?: readonly string[]) {
  const keys = sql`select r.id, r.at from import_runs r${
    kinds
      ? sql` where r.kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})`
      : sql``
  }`;
  const { rows, total } = await listPage<RunRowDb & { ord: number }>(
    db,
    {
      keys,
      order: sql`k.at desc, k.id desc`,
      columns: sql`select page.ord, r.id, r.kind, r.actor_kind as "actorKind", r.actor, r.file_name as "fileName", r.dry_run as "dryRun",
          r.committed, r.rows, r.created, r.updated, r.unchanged, r.error_count as "errorCount", ${iso('r.at')} as at, r.status, r.phase,
          r.rows_read as "rowsRead", r.rows_written as "rowsWritten", ${iso('r.finished_at')} as "finishedAt"
        from page join import_runs r on r.id = page.id`,
    },
    paging,
    () => countRows(db, keys),
  );
  return {
    rows: rows.map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at), finishedAt: dateOrNull(r.finishedAt) })),
    total,
  };
}

/** A run as listed (the report and the heartbeat left out), its instants as the raw rows carry them. */
type RunRowDb = Omit<typeof importRuns.$inferSelect, 'report' | 'heartbeatAt' | 'id' | 'at' | 'finishedAt'> & {
  id: number | string;
  at: string;
  finishedAt: string | null;
};

export function findImportRun(db: DbOrTx, id: number) {
  return db
    .select()
    .from(importRuns)
    .where(eq(importRuns.id, id))
    .limit(1)
    .then((r) => r[0]);
}

// ------------------------------------------------------------ the mail outbox (issue 57)

export const MAIL_SORT: SortSpec<'created_at'> = { keys: { created_at: ['created_at'] }, unique: ['id'], default: MAIL_SORT_DEFAULT };
const MAIL_STATE = sql`case when x.sent_at is not null then 'sent' when x.failed_at is not null then 'failed' else 'pending' end`;

/**
 * The outbox's mails `filter` keeps, newest first by default, through listPage on mail_outbox_created (a company's on
 * mail_outbox_company_created); days in `timeZone`. Never a body nor an attachment; the last error cut to 300 characters.
 */
export async function listMails(db: DbOrTx, filter: TMailFilter, paging: Paging, timeZone: string, sort: TSort<'created_at'>) {
  const conds = [sql`true`];
  if (filter.state === 'sent') conds.push(sql`x.sent_at is not null`);
  if (filter.state === 'failed') conds.push(sql`x.sent_at is null and x.failed_at is not null`);
  if (filter.state === 'pending') conds.push(sql`x.sent_at is null and x.failed_at is null`);
  if (filter.kind) conds.push(sql`x.kind = ${filter.kind}`);
  if (filter.company) conds.push(sql`x.company_idx = (select c.idx from companies c where c.id = ${filter.company})`);
  if (filter.recipient) conds.push(sql`x.recipients ilike ${`%${escapeLike(filter.recipient)}%`}`);
  if (filter.startDate) conds.push(sql`x.created_at >= (${filter.startDate}::date)::timestamp at time zone ${timeZone}`);
  if (filter.endDate) conds.push(sql`x.created_at < (${filter.endDate}::date + 1)::timestamp at time zone ${timeZone}`);
  const keys = sql`select x.created_at, x.id from mail_outbox x where ${sql.join(conds, sql` and `)}`;
  const { rows, total } = await listPage<
    Omit<TMailRow, 'id' | 'attempts'> & { id: number | string; attempts: number | string; ord: number }
  >(
    db,
    {
      keys,
      order: orderSql(MAIL_SORT, sort),
      columns: sql`select page.ord, x.id, ${iso('x.created_at')} as created_at, x.kind, c.id as company_id, c.company_name,
          x.recipients, x.subject, ${MAIL_STATE} as state, x.attempts, ${iso('x.sent_at')} as sent_at, ${iso('x.failed_at')} as failed_at,
          left(x.last_error, 300) as last_error
        from page join mail_outbox x on x.id = page.id left join companies c on c.idx = x.company_idx`,
    },
    paging,
    () => countRows(db, keys),
  );
  return { dataset: rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) })), total_cnt: total };
}
