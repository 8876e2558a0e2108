import { loadConfig } from './config';
import { build } from './app';
import { openDatabase } from './db/client';
import { seedDemoIfEmpty } from './db/seed/demo';

const startedAt = performance.now();
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
await database.migrate();
if (database.driver === 'pglite') {
  const seeded = await seedDemoIfEmpty(database.db, config);
  if (seeded) {
    console.log('Demo data seeded. Logins: demo / demo1234 and demo2 / demo1234 (division AUT).');
  }
}
const app = await build({ config, database });
if (!config.webDist) app.log.warn('apps/web/dist not found: serving the API only (run `npm run build`).');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await app.close();
    await database.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { ms: Math.round(performance.now() - startedAt), driver: database.driver },
  `Publisher Portal on http://localhost:${config.port}`,
);
