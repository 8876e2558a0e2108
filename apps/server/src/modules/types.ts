import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { ChangeFeed } from '../lib/cache/change-feed';
import type { Exporter } from '../lib/export';
import type { FileStore } from '../lib/file-store';
import type { MailContext } from '../lib/mail/notify';
import type { Metrics } from '../lib/metrics';
import type { AuthService } from './auth/auth.service';

/** What every domain module's routes receive from app.ts. */
export interface ModuleDeps {
  db: Db;
  auth: AuthService;
  config: AppConfig;
  files: FileStore;
  /** committed writes announced by the database: cache keys of derived data (lib/cache/change-feed.ts) */
  changes: ChangeFeed;
  /** Prometheus metrics: a module adds gauges of its own state (lib/metrics.ts) */
  metrics: Metrics;
  /** streamed xlsx/CSV exports: slots and writers (lib/export) */
  exporter: Exporter;
  /** links and switches of the mails a module raises (lib/mail/notify.ts) */
  mail: MailContext;
}
