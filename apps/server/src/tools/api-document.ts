// `tsx apps/server/src/tools/api-document.ts <file>`: writes the OpenAPI document the server serves
// at /api/docs/json, built by build(config) as in production (on an empty in-memory database, which
// it never queries), for `redocly lint` and the typed-client check in `npm test`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from '../app';
import { ephemeralConfig } from '../config';
import { openDatabase } from '../db/client';

const out = process.argv[2];
if (!out) throw new Error('usage: api-document.ts <output.json>');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-api-doc-'));
const database = await openDatabase({});
const app = await build({
  config: ephemeralConfig(dataDir),
  database,
  logger: false,
});
await app.ready();
const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
writeFileSync(out, JSON.stringify(res.json(), null, 2));
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
