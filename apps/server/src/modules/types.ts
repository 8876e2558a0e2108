import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { ChangeFeed } from '../lib/cache/change-feed';
import type { Exporter } from '../lib/export';
import type { FileStore } from '../lib/file-store';
import type { MailContext } from '../lib/mail/render';
import type { AuthService } from './auth/auth.service';

/**
 * Everything app.ts can hand a module's routes. Each module types its routes with the part it uses
 * (`FastifyPluginAsyncZod<Pick<ModuleDeps, 'db' | 'auth' | 'config'>>`), so what a module depends on
 * is read off its signature.
 */
export interface ModuleDeps {
  db: Db;
  auth: AuthService;
  config: AppConfig;
  files: FileStore;
  /** committed writes announced by the database: cache keys of derived data (lib/cache/change-feed.ts) */
  changes: ChangeFeed;
  /** streamed xlsx/CSV exports: slots and writers (lib/export) */
  exporter: Exporter;
  /** links and switches of the mails a module raises (lib/mail/render.ts) */
  mail: MailContext;
}
