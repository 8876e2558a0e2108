import { loadConfig } from './config';
import { build } from './app';
import { openDatabase } from './db/client';
import { seedDemoIfEmpty } from './db/seed/demo';
import { seedReference } from './db/seed/reference';

const startedAt = performance.now();
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
await database.migrate();
// lookup tables (countries, currencies, divisions, BISG codes) on every database; idempotent
await seedReference(database.db);
if (database.driver === 'pglite') {
  const seeded = await seedDemoIfEmpty(database.db, config);
  if (seeded) {
    console.log('Demo data seeded. Logins: demo / demo1234 and demo2 / demo1234 (division AUT).');
  }
}
const app = await build({ config, database });
if (!config.webDist) app.log.warn('apps/web/dist not found: serving the API only (run `npm run build`).');

/**
 * Graceful shutdown: new requests answer 503 (plugins/shutdown), the listener closes, requests in
 * flight finish, then the database closes. Whatever hangs, the process is gone within 10 s.
 */
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const started = Date.now();
  app.log.info({ signal }, 'shutting down: draining requests');
  const timer = setTimeout(() => {
    app.log.error('shutdown did not finish within 9.5 s: exiting');
    process.exit(1);
  }, 9_500);
  timer.unref();
  let code = 0;
  try {
    await app.drain();
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
