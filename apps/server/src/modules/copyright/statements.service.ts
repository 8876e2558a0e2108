import { createHash } from 'node:crypto';
import {
  dayIn,
  EXPORT_LANGS,
  fromMinor,
  languageOfCountry,
  statementPayable,
  toMinor,
  type TStatementList,
  type TStatementsQuery,
} from '@portal/contract';
import { DEFAULT_ISSUER, type AppConfig, type IssuerConfig } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { clampPaging } from '../../lib/lists';
import { createFileStore, type FileStore } from '../../lib/file-store';
import { mailContextOf, type MailContext } from '../../lib/mail/render';
import { notifyStatementReady } from './copyright.mail';
import { currencySymbols } from './copyright.repository';
import * as repo from './statements.repository';

/** Storage namespace of the statement PDFs in the file store. */
export const STATEMENT_NS = 'royalty_statement';

export type StatementPeriodKind = 'month' | 'quarter';

export interface Period {
  /** '2026-10' or '2026-Q4' */
  period: string;
  /** first and last day, inclusive (the royalty list's startDate / endDate) */
  start: string;
  end: string;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const lastDay = (y: number, month: number) => new Date(Date.UTC(y, month, 0)).getUTCDate();

/** `2026-10` (STATEMENT_PERIOD=month) or `2026-Q4` (quarter) as its first and last day; anything else is refused. */
export function parsePeriod(text: string, kind: StatementPeriodKind): Period {
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text);
  const quarter = /^(\d{4})-Q([1-4])$/.exec(text);
  if (kind === 'month' && month) {
    const [y, m] = [Number(month[1]), Number(month[2])];
    return { period: text, start: `${y}-${pad(m)}-01`, end: `${y}-${pad(m)}-${pad(lastDay(y, m))}` };
  }
  if (kind === 'quarter' && quarter) {
    const [y, q] = [Number(quarter[1]), Number(quarter[2])];
    return { period: text, start: `${y}-${pad(q * 3 - 2)}-01`, end: `${y}-${pad(q * 3)}-${pad(lastDay(y, q * 3))}` };
  }
  throw badRequest(
    kind === 'month'
      ? `"${text}" is not a month: statements cover a month (STATEMENT_PERIOD=month), e.g. 2026-10`
      : `"${text}" is not a quarter: statements cover a quarter (STATEMENT_PERIOD=quarter), e.g. 2026-Q4`,
  );
}

/** The period before the one `now` falls in (what a monthly or quarterly run issues by default). */
export function previousPeriod(now: Date, kind: StatementPeriodKind, timeZone: string): string {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(now).split('-').map(Number) as [
    number,
    number,
  ];
  if (kind === 'month') return m === 1 ? `${y - 1}-12` : `${y}-${pad(m - 1)}`;
  const q = Math.ceil(m / 3);
  return q === 1 ? `${y - 1}-Q4` : `${y}-Q${q - 1}`;
}

/** A statement that was issued now (a new number: the first version, or a correction of an earlier one). */
export interface IssuedStatement {
  idx: number;
  companyIdx: number;
  number: string;
  period: string;
  currency: string;
  version: number;
  lang: string;
}

export interface IssueResult {
  period: Period;
  issued: IssuedStatement[];
  /** statements whose newest version still shows the period's data: nothing new issued */
  unchanged: number;
  /** royalty lines of the period the issued statements cover */
  lines: number;
}

export interface StatementsServiceDeps {
  db: Db;
  files: FileStore;
  timeZone: string;
  issuer?: IssuerConfig;
  periodKind?: StatementPeriodKind;
  now?: () => Date;
  /** given: each issued statement's "statement ready" mail is written to the outbox in the transaction that issues it */
  mail?: MailContext;
}

/**
 * Royalty statements (issue 18): per company, period and currency, the period's royalty lines as the
 * royalty list filters them (created_at in the period, in the app time zone), grouped by book, with
 * the opening balance, totals and the invoices they were settled on; rendered as a PDF in the
 * company's language, stored in the file store, numbered and immutable. Issuing a period again issues
 * nothing for a statement whose data did not change, and a new version for one whose data did.
 */
export function createStatementsService(deps: StatementsServiceDeps) {
  const { db, files, timeZone, issuer = DEFAULT_ISSUER, periodKind = 'month', now = () => new Date() } = deps;

  type Outcome = null | { unchanged: true } | { unchanged: false; issued: IssuedStatement; lines: number };

  async function issueOne(p: Period, companyIdx: number, currency: string, icons: Record<string, string>): Promise<Outcome> {
    const company = await repo.statementCompany(db, companyIdx);
    if (!company) return null;
    const lang = languageOfCountry(company.country);
    const w = { companyIdx, filter: { startDate: p.start, endDate: p.end }, customerIdxs: null, timeZone };
    const groups = await repo.statementGroups(db, w, currency);
    const total = groups.find((g) => g.book_idx === null);
    if (!total || total.cnt === 0) return null;
    const openingBalance = await repo.openingBalance(db, companyIdx, currency, p.start, timeZone);
    const invoices = await repo.statementInvoices(db, w, currency);
    const closingBalance = fromMinor(toMinor(openingBalance) + toMinor(total.royalty) - toMinor(total.settled));
    const digest = createHash('sha256').update(JSON.stringify({ company, lang, groups, invoices, openingBalance })).digest('hex');
    const latest = await repo.latestStatement(db, companyIdx, p.period, currency);
    if (latest?.digest === digest) return { unchanged: true };

    const version = (latest?.version ?? 0) + 1;
    const number = `RS-${p.period.replace('-', '')}-${pad(companyIdx, 6)}-${currency}-v${version}`;
    // one instant: the PDF's "issued on" and the list's issue day are its business day in the business time zone
    const issuedAt = now();
    const issuedOn = dayIn(issuedAt, timeZone);
    // pdfkit and the fonts load on the first statement, not at server start
    const { renderStatementPdf } = await import('./statement-pdf');
    const pdf = await renderStatementPdf(
      {
        number,
        version,
        lang,
        period: p.period,
        periodStart: p.start,
        periodEnd: p.end,
        issuedOn,
        currency,
        currencyIcon: icons[currency] ?? currency,
        company,
        groups,
        invoices,
        openingBalance,
        closingBalance,
      },
      issuer,
    );
    const storageKey = files.newKey(STATEMENT_NS, 'pdf');
    const { size } = await files.put(storageKey, pdf);
    let idx: number | null;
    try {
      idx = await db.transaction(async (tx) => {
        const issued = await repo.insertStatement(tx, {
          companyIdx,
          period: p.period,
          periodStart: p.start,
          periodEnd: p.end,
          currency,
          version,
          number,
          lang,
          lineCount: total.cnt,
          qty: total.qty,
          sampleQty: total.sample_qty,
          disuseQty: total.disuse_qty,
          openingBalance,
          royalty: total.royalty,
          settled: total.settled,
          closingBalance,
          digest,
          storageKey,
          size,
          issuedAt,
        });
        return issued;
      });
    } catch (err) {
      await files.remove(storageKey).catch(() => undefined);
      throw err;
    }
    if (idx === null) {
      // another run issued this version first: ours is referenced by no row
      await files.remove(storageKey).catch(() => undefined);
      return { unchanged: true };
    }
    const issued: IssuedStatement = { idx, companyIdx, number, period: p.period, currency, version, lang };
    return { unchanged: false, issued, lines: total.cnt };
  }

  return {
    periodKind,
    parsePeriod: (text: string) => parsePeriod(text, periodKind),
    previousPeriod: () => previousPeriod(now(), periodKind, timeZone),

    /**
     * Issues the statements of a period (`2026-10` or `2026-Q4`, as STATEMENT_PERIOD says) for every
     * company with royalty lines in it, or for one company. The CLI (`npm run portal -- statements issue`)
     * calls this, and the operator API will.
     */
    async issue(
      periodText: string,
      opts: { companyIdx?: number; onProgress?: (done: number, of: number) => void } = {},
    ): Promise<IssueResult> {
      const p = parsePeriod(periodText, periodKind);
      const pairs = await repo.periodCompanies(db, p.start, p.end, timeZone, opts.companyIdx);
      const icons = await currencySymbols(db);
      const result: IssueResult = { period: p, issued: [], unchanged: 0, lines: 0 };
      for (const [i, pair] of pairs.entries()) {
        const r = await issueOne(p, pair.companyIdx, pair.currency, icons);
        if (r && !r.unchanged) {
          result.issued.push(r.issued);
          result.lines += r.lines;
        } else if (r) result.unchanged++;
        opts.onProgress?.(i + 1, pairs.length);
      }
      // one mail per company and period naming the statements issued now (pairs come in company order)
      if (deps.mail) {
        const byCompany = new Map<number, IssuedStatement[]>();
        for (const s of result.issued) byCompany.set(s.companyIdx, [...(byCompany.get(s.companyIdx) ?? []), s]);
        for (const [companyIdx, issued] of byCompany) {
          await db.transaction((tx) =>
            notifyStatementReady(tx, deps.mail!, {
              companyIdx,
              period: p.period,
              statements: issued.map((s) => ({ number: s.number, currency: s.currency })),
            }),
          );
        }
      }
      return result;
    },

    /** The company's statements that the filter keeps, newest period first. */
    async list(companyIdx: number, q: TStatementsQuery): Promise<TStatementList> {
      const paging = clampPaging(q);
      const { rows, total } = await repo.statementsPage(db, companyIdx, q.search_value, paging);
      return {
        dataset: rows.map((s, i) => ({
          no: paging.start + i + 1,
          ...s,
          lang: (EXPORT_LANGS as readonly string[]).includes(s.lang) ? s.lang : 'en',
          qty: Number(s.qty),
          size: Number(s.size),
          ...statementPayable(s.closing_balance, s.currency),
          issued_on: dayIn(new Date(s.issued_at), timeZone),
          pdf: `/copyright/statements/${s.idx}/pdf`,
        })),
        total_cnt: total,
      };
    },

    /** A statement's PDF, of the caller's company only. */
    async download(companyIdx: number, idx: number) {
      const found = await repo.findStatement(db, companyIdx, idx);
      if (!found) throw notFound('statement not found');
      return { storageKey: found.storageKey, name: found.number, extension: 'pdf', mime: 'application/pdf' };
    },
  };
}

/**
 * Issues the statements of the last complete period with the server's configuration (main.ts, right
 * after seeding the demo data, so the demo's Statements tab has some to show).
 */
export async function issueLastPeriod(db: Db, config: AppConfig): Promise<IssueResult> {
  const files = await createFileStore(config.fileStore ?? { kind: 'local', dir: config.filesDir }, db);
  try {
    const service = createStatementsService({
      db,
      files,
      timeZone: config.timeZone,
      issuer: config.issuer,
      periodKind: config.statementPeriod,
      now: config.now,
      mail: mailContextOf(config),
    });
    return await service.issue(service.previousPeriod());
  } finally {
    await files.close();
  }
}
