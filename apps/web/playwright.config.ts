import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * E2E against the real server on fresh embedded databases (seeded demo data), serving the built
 * web app. Two servers: the main one, and one with a short token lifetime for the session warning
 * and a cap of 100 registered books per company (BOOKS_MAX_PER_COMPANY) for the cap's message.
 * Ports and the web build directory can be moved so that several runs can share a machine.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const shortPort = port + 1;
const root = path.resolve(import.meta.dirname, '../..');
const webDist = path.resolve(root, process.env.WEB_OUT_DIR ?? 'apps/web/dist');
// under the run's folder when scripts/e2e.mjs gives one (E2E_TMP: it removes it at the end; the config is loaded
// again by each worker, so the name is fixed), else a new temporary folder
const dataDir = (name: string) => {
  if (!process.env.E2E_TMP) return mkdtempSync(path.join(os.tmpdir(), `portal-e2e-${name}-`));
  const dir = path.join(process.env.E2E_TMP, `${port}-${name}`);
  mkdirSync(dir, { recursive: true });
  return dir;
};
const server = (p: number, env: Record<string, string>) => ({
  // the built server (scripts/e2e.mjs builds it), as production runs it
  command: 'node --enable-source-maps apps/server/dist/main.js',
  cwd: root,
  url: `http://127.0.0.1:${p}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: { PORT: String(p), HOST: '127.0.0.1', WEB_DIST: webDist, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
});

export const E2E_SHORT_TTL_BASE_URL = `http://127.0.0.1:${shortPort}`;
/** The SMTP server the password-reset spec runs on loopback; the main server delivers its outbox to it. */
export const E2E_SMTP_PORT = port + 2;

export default defineConfig({
  testDir: './e2e',
  // one output folder per port: Playwright empties it at start, and runs may share a machine
  outputDir: path.resolve(root, `test-results/e2e-${port}`),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // time limits catch a hang, they do not judge speed (the benches do): CI machines have run the
  // suite 3x slower than a workstation (2 shards: 32 min against 10), so CI doubles them
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  // CI also keeps each test's time as JSON (test-results/e2e-<port>.json), to find where the seconds go
  reporter: process.env.CI ? [['list'], ['json', { outputFile: path.resolve(root, `test-results/e2e-${port}.json`) }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    server(port, {
      DATA_DIR: dataDir('main'),
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      MAIL_POLL_MS: '300',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    }),
    server(shortPort, { DATA_DIR: dataDir('short'), TOKEN_TTL_MINUTES: '5.5', BOOKS_MAX_PER_COMPANY: '100' }),
  ],
});
