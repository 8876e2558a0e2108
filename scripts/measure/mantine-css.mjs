#!/usr/bin/env node
// Checks that apps/web/src/app/mantine.css has the style file of every Mantine component the web
// build uses: the m_* class names in the built JS that @mantine/core/styles.css defines must all be
// in the built CSS. Usage: node scripts/measure/mantine-css.mjs [web build dir, default apps/web/dist]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
const assets = path.join(dist, 'assets');
const read = (ext) =>
  readdirSync(assets)
    .filter((f) => f.endsWith(ext))
    .map((f) => readFileSync(path.join(assets, f), 'utf8'))
    .join('\n');
const full = readFileSync(path.join(root, 'node_modules/@mantine/core/styles.css'), 'utf8');
const css = read('.css');
const used = new Set([...read('.js').matchAll(/m_[0-9a-f]{8}/g)].map((m) => m[0]));
const missing = [...used].filter((c) => full.includes(`.${c}`) && !css.includes(`.${c}`));
// the files that define the missing classes
const dir = path.join(root, 'node_modules/@mantine/core/styles');
const files = readdirSync(dir).filter((f) => f.endsWith('.css') && !f.includes('.layer.'));
const owners = new Set(missing.flatMap((c) => files.filter((f) => readFileSync(path.join(dir, f), 'utf8').includes(`.${c}`))));
console.log(
  `${used.size} Mantine classes in the JS; ${missing.length} without their styles${owners.size ? `: add ${[...owners].join(', ')}` : ''}`,
);
process.exit(missing.length ? 1 : 0);
