// `npm run portal -- operator …`: operators and their API keys (issue 15), through the admin service
// (each write is in the audit log as the CLI, with the system user who ran it).
import { PASSWORD_MIN_LENGTH, ZOperatorKeyScope, OPERATOR_KEY_SCOPES } from '@portal/contract';
import type { AdminService } from '../modules/admin/admin.service';

export const OPERATOR_HELP = `Usage: npm run portal -- operator <command>
  create <login-id> [--password <pw>] [--name <name>]
                          a new operator of the admin API; without --password the password is asked
                          for on a terminal (not echoed) or read from the first line of a pipe
  list                    the operators: idx, login id, name, active, created, last used
  deactivate <login-id>   the operator cannot log in any more; every session of it ends at once
  reactivate <login-id>   the operator can log in again
  key create <name> --scope <${OPERATOR_KEY_SCOPES.join('|')}>
                          a new API key (sent as Authorization: Bearer <key>); it is shown once, only its hash is kept
  key list                the keys: name, scope, prefix, created, last used, revoked
  key revoke <idx>        revokes a key at once`;

/** A usage error: the CLI prints the message and the help of the command, and exits 1. */
export class UsageError extends Error {}

/** A --name value; UsageError when it is given without one. */
export const option = (args: string[], name: string) => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const v = args[at + 1];
  if (v === undefined || v.startsWith('--')) throw new UsageError(`${name} takes a value.`);
  return v;
};

export interface OperatorCliIo {
  out: (line: string) => void;
  /** asks for a secret (not echoed); undefined when there is nobody to ask */
  askSecret: (prompt: string) => Promise<string | undefined>;
  user: string;
}

/** Runs one `operator …` command over the admin service; a UsageError for bad arguments. */
export async function operatorCommand(admin: AdminService, args: string[], io: OperatorCliIo): Promise<void> {
  const actor = { kind: 'cli' as const, user: io.user };
  const [sub, ...rest] = args;
  if (sub === 'create') {
    const loginId = rest[0];
    if (!loginId || loginId.startsWith('--')) throw new UsageError('operator create takes a login id.');
    if (!/^[A-Za-z0-9._-]{3,50}$/.test(loginId))
      throw new UsageError('A login id is 3 to 50 letters, digits, dots, dashes or underscores.');
    const password = option(rest, '--password') ?? (await io.askSecret(`Password for ${loginId}: `));
    if (!password) throw new UsageError('No password: give --password or type it on a terminal.');
    if ([...password].length < PASSWORD_MIN_LENGTH) throw new UsageError(`A password has at least ${PASSWORD_MIN_LENGTH} characters.`);
    const name = option(rest, '--name') ?? loginId;
    const row = await admin.createOperator(actor, { loginId, name, password });
    io.out(`Operator ${loginId} created (idx ${row.idx}); it logs in with POST /api/admin/login.`);
    return;
  }
  if (sub === 'list') {
    const { dataset } = await admin.listOperators();
    if (!dataset.length) io.out('No operators.');
    for (const o of dataset)
      io.out(
        [
          `${o.idx}`,
          o.login_id,
          o.name,
          o.active ? 'active' : 'deactivated',
          `created ${o.created_at}`,
          `last used ${o.last_used_at ?? 'never'}`,
        ].join('  '),
      );
    return;
  }
  if (sub === 'deactivate' || sub === 'reactivate') {
    const loginId = rest[0];
    if (!loginId || loginId.startsWith('--')) throw new UsageError(`operator ${sub} takes a login id.`);
    const o = await admin.setOperatorActive(actor, await admin.operatorByLoginId(loginId), sub === 'reactivate');
    io.out(o.active ? `Operator ${o.login_id} reactivated.` : `Operator ${o.login_id} deactivated; its sessions have ended.`);
    return;
  }
  if (sub === 'key') {
    const [what, ...more] = rest;
    if (what === 'create') {
      const name = more[0];
      if (!name || name.startsWith('--')) throw new UsageError('operator key create takes a name.');
      const scope = ZOperatorKeyScope.safeParse(option(more, '--scope'));
      if (!scope.success) throw new UsageError(`--scope is one of ${OPERATOR_KEY_SCOPES.join(', ')}.`);
      const key = await admin.createKey(actor, name, scope.data);
      io.out(`Key ${key.name} (${key.scope}, idx ${key.idx}) — shown this once, keep it now:`);
      io.out(key.key);
      return;
    }
    if (what === 'list') {
      const { dataset } = await admin.listKeys();
      if (!dataset.length) io.out('No keys.');
      for (const k of dataset)
        io.out(
          [
            `${k.idx}`,
            k.name,
            k.scope,
            `${k.prefix}…`,
            `created ${k.created_at}`,
            `last used ${k.last_used_at ?? 'never'}`,
            k.revoked_at ? `revoked ${k.revoked_at}` : 'live',
          ].join('  '),
        );
      return;
    }
    if (what === 'revoke') {
      const idx = Number(more[0]);
      if (!Number.isInteger(idx) || idx <= 0) throw new UsageError('operator key revoke takes the key idx (see key list).');
      const k = await admin.revokeKey(actor, idx);
      io.out(`Key ${k.name} (${k.scope}) revoked at ${k.revoked_at}.`);
      return;
    }
  }
  throw new UsageError(sub ? `Unknown operator command: ${args.join(' ')}` : 'operator takes a command.');
}
