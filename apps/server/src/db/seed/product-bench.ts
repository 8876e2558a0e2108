// Bench seed for the bulk book upload (scripts/bench/books.mjs): the demo data plus a catalogue
// large enough for a 5,000-ISBN books.xlsx. Usage: tsx product-bench.ts <DATA_DIR> [catalogue size]
import path from 'node:path';
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { seedDemoIfEmpty } from './demo';
import { seedCatalogue } from './product';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: product-bench.ts <DATA_DIR> [size]');
const size = Number(process.argv[3] ?? 5000);
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
const database = await openDatabase({ dataDir: path.join(config.dataDir, 'pglite') });
await database.migrate();
await seedDemoIfEmpty(database.db, config);
const n = await seedCatalogue(database.db, 0, size);
console.log(`catalogue: ${n} books`);
await database.close();
