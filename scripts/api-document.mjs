#!/usr/bin/env node
// `npm test` step: the OpenAPI document as build(config) serves it at /api/docs/json, written to a
// temporary folder, linted with Redocly's recommended rules (redocly.yaml), and a typed client
// generated from it (openapi-typescript) type-checked (scripts/api-client/check.ts), so a change
// that breaks the document's shape fails the build. `--keep <dir>` writes into <dir> and keeps it.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const keep = process.argv.indexOf('--keep');
const dir = keep >= 0 ? path.resolve(process.argv[keep + 1] ?? 'api-document') : mkdtempSync(path.join(os.tmpdir(), 'portal-api-doc-'));
mkdirSync(dir, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const doc = path.join(dir, 'openapi.json');

function run(title, cmd, args, cwd = root) {
  console.log(`· ${title}`);
  const r = spawnSync(cmd, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (r.status !== 0) {
    console.error(`api document: "${title}" failed${keep < 0 ? ` (files in ${dir})` : ''}`);
    process.exit(1);
  }
}

run('document from build(config)', bin('tsx'), ['apps/server/src/tools/api-document.ts', doc]);
run('redocly lint (recommended rules, redocly.yaml)', bin('redocly'), ['lint', '--config', path.join(root, 'redocly.yaml'), doc]);
run('typed client (openapi-typescript)', bin('openapi-typescript'), [doc, '-o', path.join(dir, 'api.d.ts')]);
copyFileSync(path.join(root, 'scripts/api-client/check.ts'), path.join(dir, 'check.ts'));
run(
  'the typed client compiles (tsc)',
  bin('tsc'),
  [
    '--noEmit',
    '--strict',
    '--target',
    'es2022',
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
    '--types',
    'node',
    '--typeRoots',
    path.join(root, 'node_modules/@types'),
    'check.ts',
  ],
  dir,
);
if (keep < 0) rmSync(dir, { recursive: true, force: true });
console.log('api document: lints clean, and the client generated from it compiles');
