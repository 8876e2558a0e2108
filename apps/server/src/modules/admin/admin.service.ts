import { randomUUID } from 'node:crypto';
import type { TAdminLoginBody, TAuditEntry, TOperatorKey, TOperatorKeyCreated, TOperatorKeyScope, TTokenResponse } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { hashKey, newKey, OPERATOR_TOKEN_KIND, type AdminCaller, type AdminLookup, type OperatorTokenClaims } from '../../lib/admin-auth';
import { AppError, notFound } from '../../lib/errors';
import type { FileStore } from '../../lib/file-store';
import type { MailContext } from '../../lib/mail/notify';
import type { PasswordHasher } from '../../lib/password';
import type { Readable } from 'node:stream';
import type { TImportKind, TImportReport } from '@portal/contract';
import type { ImportFormat, SheetFormat } from '../../lib/imports/read';
import { runImport } from '../../lib/imports/run';
import { importTemplate } from '../../lib/imports/template';
import * as repo from './admin.repository';
import { IMPORT_KIND_DEFS } from './import-kinds';

export interface AdminDeps {
  db: Db;
  now: () => Date;
  tokenTtlMinutes: number;
  hasher: PasswordHasher;
  sign: (claims: OperatorTokenClaims, expiresInSeconds: number) => string;
  /** where imported files (payment attachments, help files) are kept */
  fileStore?: FileStore;
  /** notifications of imported invoices and payments; absent: none are sent */
  mail?: MailContext;
}

/** Who wrote, for the audit log: an operator, a key, or the CLI run by someone on the server. */
export type Actor = AdminCaller | { kind: 'cli'; user: string };

const actorOf = (a: Actor) =>
  a.kind === 'operator'
    ? { actorKind: 'operator', actor: a.loginId }
    : a.kind === 'key'
      ? { actorKind: 'key', actor: a.name }
      : { actorKind: 'cli', actor: a.user };

const loginFailed = () => new AppError(401, 'LOGIN_FAILED', 'Please check your login information.');

function toKey(k: repo.KeyRow): TOperatorKey {
  return {
    idx: k.idx,
    name: k.name,
    scope: k.scope as TOperatorKeyScope,
    prefix: k.prefix,
    created_at: k.createdAt.toISOString(),
    revoked_at: k.revokedAt?.toISOString() ?? null,
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
  };
}

export function createAdminService(deps: AdminDeps) {
  const { db, now, hasher } = deps;
  const ttlSeconds = Math.round(deps.tokenTtlMinutes * 60);

  /** Records an admin write (in the caller's transaction when given one). */
  async function audit(actor: Actor, action: string, target: string, counts: Record<string, number> | null = null, tx: DbOrTx = db) {
    await repo.insertAudit(tx, { ...actorOf(actor), action, target, counts, at: now() });
  }

  const lookup: AdminLookup = {
    activeOperator: (operatorIdx) => repo.findActiveOperator(db, operatorIdx),
    async liveKey(keyHash) {
      const k = await repo.touchLiveKey(db, keyHash, now());
      return k && { keyIdx: k.keyIdx, name: k.name, scope: k.scope as TOperatorKeyScope };
    },
  };

  return {
    lookup,
    audit,

    /** An inactive operator, an unknown id and a wrong password answer alike (after the same hashing time). */
    async login(body: TAdminLoginBody): Promise<TTokenResponse> {
      hasher.assertCapacity();
      const op = await repo.findOperatorByLoginId(db, body.id.trim());
      const ok = op ? await hasher.verify(op.passwordHash, body.password) : await hasher.verifyAgainstDummy(body.password);
      if (!op || !ok || !op.active) throw loginFailed();
      const claims: OperatorTokenClaims = { sub: String(op.idx), sid: randomUUID(), kind: OPERATOR_TOKEN_KIND };
      return { access_token: deps.sign(claims, ttlSeconds), expires_in: ttlSeconds };
    },

    /** A new operator (CLI); 409 when the login id is taken. */
    async createOperator(actor: Actor, o: { loginId: string; name: string; password: string }) {
      const passwordHash = await hasher.hash(o.password);
      return db.transaction(async (tx) => {
        const row = await repo.insertOperator(tx, { loginId: o.loginId, name: o.name, passwordHash });
        if (!row) throw new AppError(409, 'CONFLICT', `The operator ${o.loginId} exists already.`);
        await audit(actor, 'operator.create', o.loginId, null, tx);
        return row;
      });
    },

    async createKey(actor: Actor, name: string, scope: TOperatorKeyScope): Promise<TOperatorKeyCreated> {
      const key = newKey();
      return db.transaction(async (tx) => {
        const row = await repo.insertKey(tx, {
          name,
          scope,
          keyHash: hashKey(key),
          prefix: key.slice(0, 10),
          createdBy: actor.kind === 'operator' ? actor.operatorIdx : null,
          at: now(),
        });
        await audit(actor, 'key.create', `${name} (${scope})`, null, tx);
        return { ...toKey(row), key };
      });
    },

    async listKeys() {
      const rows = await repo.listKeys(db);
      return { dataset: rows.map(toKey), total_cnt: rows.length };
    },

    /** Revokes a key at once (a revoked key stays revoked; revoking it again changes nothing). */
    async revokeKey(actor: Actor, idx: number): Promise<TOperatorKey> {
      return db.transaction(async (tx) => {
        const row = await repo.revokeKey(tx, idx, now());
        if (!row) throw notFound('No such key');
        await audit(actor, 'key.revoke', `${row.name} (${row.scope})`, null, tx);
        return toKey(row);
      });
    },

    /**
     * Imports a file of a kind (lib/imports: all or nothing, dry run rolls back); a committed import is
     * recorded in the audit log in its own transaction.
     */
    importFile(
      actor: Actor,
      kind: TImportKind,
      input: Readable,
      opts: { format: ImportFormat; dryRun: boolean; lang?: string; fileName: string },
    ): Promise<TImportReport> {
      const def = IMPORT_KIND_DEFS[kind];
      if (!def) throw notFound(`The import kind ${kind} is not available yet.`);
      return runImport(db, def, input, {
        ...opts,
        env: { now, fileStore: deps.fileStore, mail: deps.mail },
        afterWrite: (tx, r) =>
          audit(
            actor,
            `import.${kind}`,
            opts.fileName.slice(0, 200),
            { rows: r.rows, created: r.created, updated: r.updated, unchanged: r.unchanged },
            tx,
          ),
      });
    },

    template(kind: TImportKind, format: SheetFormat) {
      const def = IMPORT_KIND_DEFS[kind];
      if (!def) throw notFound(`The import kind ${kind} is not available yet.`);
      return importTemplate(def.columns, format);
    },

    async listAudit(start: number, length: number): Promise<{ dataset: TAuditEntry[]; total_cnt: number }> {
      const { rows, total } = await repo.listAudit(db, start, length);
      return {
        dataset: rows.map((r) => ({
          id: r.id,
          actor_kind: r.actorKind as TAuditEntry['actor_kind'],
          actor: r.actor,
          action: r.action,
          target: r.target,
          counts: r.counts ?? null,
          at: r.at.toISOString(),
        })),
        total_cnt: total,
      };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
