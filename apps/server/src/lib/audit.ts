/**
 * The audit log (table audit_log): one mechanism for the distributor's writes (operators, keys, the CLI) and, since
 * issue 58, a company's own activity (its users' writes and downloads, `company_idx` set). Writing an entry and
 * reading a page of entries live here; what is recorded, and who may read which entries, is the modules' business.
 */
import { sql } from 'drizzle-orm';
import { AUDIT_SORT_DEFAULT, type TAuditEntry, type TAuditFilter, type TSortDir } from '@portal/contract';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';
import { countRows, escapeLike, isoSql, listPage, parseJson, type Paging } from './lists';
import { orderSql, type SortSpec } from './lists/sort';

export interface AuditEntryInput {
  /** operator | key | cli | user */
  actorKind: string;
  actor: string;
  action: string;
  target: string;
  counts?: Record<string, number> | null;
  at: Date;
  /** (issue 58) the company a user's entry belongs to */
  companyIdx?: number | null;
}

export async function insertAudit(db: DbOrTx, e: AuditEntryInput) {
  await db.insert(auditLog).values({ ...e, counts: e.counts ?? null, companyIdx: e.companyIdx ?? null });
}

/** (issue 58) A company user's action (plugins/activity.ts activityOf), as the audit log keeps it. */
export interface ActivityEntry {
  companyIdx: number;
  actor: string;
  action: string;
  target: string;
}

/** Writes a user's activity entry: a write records it in its own transaction (`tx`), with the change or not at all. */
export async function recordActivity(tx: DbOrTx, entry: ActivityEntry | undefined, at: Date) {
  if (entry) await insertAudit(tx, { actorKind: 'user', ...entry, at });
}

const AUDIT_SORT: SortSpec<'at'> = { keys: { at: ['at'] }, unique: ['id'], default: AUDIT_SORT_DEFAULT };

interface AuditRowDb {
  id: number | string;
  actor_kind: string;
  actor: string;
  action: string;
  target: string;
  counts: unknown;
  at: string;
  ord: number;
}

/**
 * A page of the audit log, newest first by default, through listPage: every entry (the console), or one company's
 * (`companyIdx`: its activity log, on audit_log_company_at). `action` is a prefix; days are in `timeZone`.
 */
export async function listAudit(
  db: DbOrTx,
  filter: TAuditFilter & { companyIdx?: number },
  paging: Paging,
  timeZone: string,
  dir: TSortDir = 'desc',
): Promise<{ dataset: TAuditEntry[]; total_cnt: number }> {
  const conds = [sql`true`];
  if (filter.companyIdx !== undefined) conds.push(sql`a.company_idx = ${filter.companyIdx}`);
  if (filter.action) conds.push(sql`a.action like ${`${escapeLike(filter.action)}%`}`);
  if (filter.actor) conds.push(sql`a.actor = ${filter.actor}`);
  // a company's entries: the company.* writes whose target is its login id (an import's entry names its file)
  if (filter.company) conds.push(sql`a.target = ${filter.company} and a.action like 'company.%'`);
  if (filter.startDate) conds.push(sql`a.at >= (${filter.startDate}::date)::timestamp at time zone ${timeZone}`);
  if (filter.endDate) conds.push(sql`a.at < (${filter.endDate}::date + 1)::timestamp at time zone ${timeZone}`);
  const keys = sql`select a.id, a.at from audit_log a where ${sql.join(conds, sql` and `)}`;
  const { rows, total } = await listPage<AuditRowDb>(
    db,
    {
      keys,
      order: orderSql(AUDIT_SORT, { key: 'at', dir }),
      columns: sql`select page.ord, a.id, a.actor_kind, a.actor, a.action, a.target, a.counts, ${isoSql('a.at', true)} as at
        from page join audit_log a on a.id = page.id`,
    },
    paging,
    () => countRows(db, keys),
  );
  return {
    dataset: rows.map((r) => ({
      id: Number(r.id),
      actor_kind: r.actor_kind as TAuditEntry['actor_kind'],
      actor: r.actor,
      action: r.action,
      target: r.target,
      counts: parseJson<Record<string, number> | null>(r.counts) ?? null,
      at: r.at,
    })),
    total_cnt: total,
  };
}
