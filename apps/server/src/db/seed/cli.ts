// `npm run seed:demo`: seeds demo data into DATABASE_URL (or the embedded database) explicitly.
import { loadConfig, loadDotEnv } from '../../config';
import { openDatabase } from '../client';
import { seedDemoIfEmpty } from './demo';

loadDotEnv();
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
await database.migrate();
const seeded = await seedDemoIfEmpty(database.db, config);
console.log(seeded ? 'Demo data seeded: demo / demo1234, demo2 / demo1234.' : 'The database already has companies: nothing seeded.');
await database.close();
