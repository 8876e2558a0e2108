// The admin service as the CLI runs it: in-process on the configured database, no tokens, company
// passwords and sessions through the auth service like the API's (so a CLI reset ends sessions the same way).
import type { Db } from '../db/client';
import type { FileStore } from '../lib/file-store';
import type { MailContext } from '../lib/mail/render';
import { createPasswordHasher } from '../lib/password';
import { createAdminService } from '../modules/admin/admin.service';
import { createAuthService } from '../modules/auth/auth.service';

const noTokens = () => {
  throw new Error('The CLI signs no tokens.');
};

/**
 * `fileStore` and `mail`: imports keep payment attachments and help files, and notify companies, as through the API;
 * `timeZone`: they read dates and times without an offset in the configured one, as the API does.
 */
export function cliAdminService(
  db: Db,
  opts: { tokenTtlMinutes: number; sessionMaxHours?: number; fileStore?: FileStore; mail?: MailContext; timeZone?: string },
) {
  const hasher = createPasswordHasher();
  const now = () => new Date();
  const auth = createAuthService({
    db,
    now,
    tokenTtlMinutes: opts.tokenTtlMinutes,
    sessionMaxHours: opts.sessionMaxHours ?? 12,
    hasher,
    sign: noTokens,
  });
  return createAdminService({
    db,
    now,
    tokenTtlMinutes: opts.tokenTtlMinutes,
    hasher,
    sign: noTokens,
    auth,
    fileStore: opts.fileStore,
    mail: opts.mail,
    timeZone: opts.timeZone,
  });
}
