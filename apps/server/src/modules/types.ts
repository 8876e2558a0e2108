import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { FileStore } from '../lib/file-store';
import type { AuthService } from './auth/auth.service';

/** What every domain module's routes receive from app.ts. */
export interface ModuleDeps {
  db: Db;
  auth: AuthService;
  config: AppConfig;
  files: FileStore;
}
