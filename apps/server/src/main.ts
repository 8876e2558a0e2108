import { ConfigError, loadConfig, loadDotEnv, type AppConfig } from './config';
import { build } from './app';
import { openDatabase } from './db/client';
import { DataDirBusyError, lockDataDir } from './lib/data-dir-lock';
import { NO_COMPANY_MESSAGE, seedOnStart } from './db/seed/demo';
import { seedReference } from './db/seed/reference';
import { issueLastPeriod } from './modules/copyright/statements.service';

const startedAt = performance.now();
// .env at the repository root, if any; the process's own variables win
loadDotEnv();
let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  // a bad value stops the start with the variable's name and what it takes, not a stack trace
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
// the embedded database belongs to one process: DATA_DIR's lock, held until the process exits (lib/data-dir-lock.ts)
if (!config.databaseUrl) {
  try {
    lockDataDir(config.dataDir, 'server');
  } catch (err) {
    if (!(err instanceof DataDirBusyError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  prepared: config.databasePrepared,
});
await database.migrate();
// lookup tables (countries, currencies, divisions, BISG codes) on every database; idempotent
await seedReference(database.db);
// the demo seed and its statements run once the server listens (below); the load shedder does not count their delay
let startWorkDone = () => {};
const startWork = new Promise<void>((done) => (startWorkDone = done));
if (config.loadShedding) config = { ...config, loadShedding: { ...config.loadShedding, startWork } };
const app = await build({ config, database });
if (!config.webDist) app.log.warn('apps/web/dist not found: serving the API only (run `npm run build`).');
// demo companies only on purpose: DEMO_DATA=1, or by default the embedded database outside production. Seeded once the
// server listens (issue 59: a fresh embedded database's first start answers the login page within 10 s; the demo rows
// took most of it): until the seed is done every API request waits for it, so no answer ever shows a half-seeded
// database; the web app's files are served meanwhile, and the login page's demo logins once those companies exist.
let startSeed = () => {};
let companiesSeeded = () => {};
const companiesThere = new Promise<void>((seeded) => (companiesSeeded = seeded));
const seed = new Promise<void>((listening) => (startSeed = listening)).then(() => seedOnStart(database.db, config, companiesSeeded));
let seedDone = false;
app.addHook('onRequest', async (request) => {
  if (seedDone || !request.url.startsWith('/api/')) return;
  if (request.url.startsWith('/api/common/loginHints')) await Promise.race([companiesThere, seed]);
  else await seed;
});

/**
 * Graceful shutdown: new requests 503, in-flight ones finish, then the database closes; gone within 10 s of the
 * start work's end. The demo seed and its statements (after listen) finish first, however long they take under load:
 * a Ctrl-C during a first start closed the database under them, and every later start took the half-written demo for
 * seeded (its companies there, its royalty statements never issued).
 */
let closing = false;
let startWorkRunning = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const started = Date.now();
  app.log.info({ signal }, 'shutting down: draining requests');
  const drained = app.drain();
  drained.catch(() => {}); // awaited below, after the start work
  if (startWorkRunning) {
    app.log.info('waiting for the demo data to be written before closing the database');
    await startWork;
  }
  const timer = setTimeout(() => {
    app.log.error('shutdown did not finish within 9.5 s: exiting');
    process.exit(1);
  }, 9_500);
  timer.unref();
  let code = 0;
  try {
    await drained;
    await database.close();
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    code = 1;
  } finally {
    app.log.info({ ms: Date.now() - started }, 'shut down');
    process.exit(code);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { ms: Math.round(performance.now() - startedAt), driver: database.driver },
  `Publisher Portal on http://localhost:${config.port}`,
);
// after listen: PGlite runs one transaction at a time, and the listener's ready hooks read the database too
startWorkRunning = true;
void startWork.then(() => (startWorkRunning = false));
startSeed();
seed.then(
  (done) => {
    seedDone = true;
    if (done === 'no-companies') app.log.warn(NO_COMPANY_MESSAGE);
    if (done !== 'seeded') return startWorkDone();
    app.log.info('Demo data seeded. Logins: demo / demo1234 and demo2 / demo1234 (division AUT).');
    // the demo's royalty statements of the last complete period, so its Statements tab shows some: issued once the
    // demo is seeded and the server answers (seconds on a fresh embedded database, more under load), not before its first page
    issueLastPeriod(database.db, config)
      .then(
        (issued) => app.log.info({ statements: issued.issued.length, period: issued.period.period }, 'Demo royalty statements issued.'),
        (err: unknown) => app.log.error({ err }, 'issuing the demo royalty statements failed'),
      )
      .finally(startWorkDone);
  },
  (err: unknown) => {
    // as before it moved after listen: a start whose seed fails stops (the API would answer nothing)
    app.log.error({ err }, 'seeding the demo data failed');
    process.exit(1);
  },
);
