// node scripts/measure/screen-files.mjs <dist> (figure of docs/decisions/web-chunk-planner.md): JS files and gzip bytes each screen needs (static closure of the entry,
// the layout and the screen; the dashboard also with its lazy chart and map).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
const dist = process.argv[2];
const m = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const closure = (keys) => {
  const seen = new Set();
  const walk = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const i of m[k]?.imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return [...seen].map((k) => m[k].file).filter((f) => f.endsWith('.js'));
};
const key = (re, name) => Object.keys(m).find((k) => re.test(k)) ?? Object.keys(m).find((k) => name && m[k].file.includes(`/${name}-`));
const index = Object.keys(m).find((k) => m[k].isEntry);
const layout = key(/app\/layout\/app-layout\.tsx$/, 'app-layout');
const gz = (files) => files.reduce((s, f) => s + gzipSync(readFileSync(path.join(dist, f))).length, 0);
const rows = [['login', [index, key(/features\/auth\/components\/login-page\.tsx$/, 'login-page')]]];
for (const f of ['dashboard', 'settlement', 'copyright', 'company', 'books', 'help'])
  rows.push([f, [index, layout, key(new RegExp(`features/${f}/routes\\.tsx$`), `${f}-screen`)]]);
rows.push(['dashboard + chart + map', [...rows[1][1], key(/monthly-chart\.tsx$/, 'monthly-chart'), key(/world-map\.tsx$/, 'world-map')]]);
for (const [name, keys] of rows) {
  const files = closure(keys.filter(Boolean));
  console.log(`${name}: ${files.length} JS files, ${(gz(files) / 1024).toFixed(1)} KiB gzip`);
}
