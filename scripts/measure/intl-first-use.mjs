#!/usr/bin/env node
// The cost of the first Intl formatters of a page on its own thread, cold and after a worker built the
// same kinds first (docs/decisions/intl-warmup.md). Each round is a new tab of the machine's Chromium;
// the tabs alternate cold / warmed. Usage: node scripts/measure/intl-first-use.mjs [rounds, default 6]
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const req = createRequire(path.join(root, 'node_modules/lighthouse/package.json'));
const puppeteer = (await import(req.resolve('puppeteer-core'))).default;
const rounds = Number(process.argv[2] ?? 6);
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  headless: true,
});
const rows = { cold: [], warmed: [] };
try {
  for (let i = 0; i < rounds * 2; i++) {
    const warm = i % 2 === 1;
    const page = await browser.newPage();
    await page.goto('data:text/html,<p>x</p>');
    rows[warm ? 'warmed' : 'cold'].push(
      await page.evaluate(async (warm) => {
        const ms = (f) => {
          const a = performance.now();
          f();
          return performance.now() - a;
        };
        let worker = 0;
        if (warm) {
          // the kinds lib/intl-warmup.worker.ts builds
          const src = `onmessage=({data:l})=>{const a=performance.now();new Intl.NumberFormat(l,{minimumFractionDigits:2,maximumFractionDigits:2}).format(1234.5);new Intl.DateTimeFormat(l,{year:'numeric',month:'short',day:'2-digit'}).format(0);new Intl.PluralRules(l).select(2);new Intl.DisplayNames([l],{type:'region'}).of('KR');postMessage(performance.now()-a)}`;
          const w = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
          w.postMessage('en-US');
          worker = await new Promise((r) => (w.onmessage = (e) => r(e.data)));
          w.terminate();
        }
        // what the dashboard builds first: its integers, its percentages, its month names, country names
        return {
          worker,
          numberFormat: ms(() => new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(12345)),
          percent: ms(() => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1.5)),
          dateTimeFormat: ms(() => new Intl.DateTimeFormat('en-US', { month: 'short' }).format(new Date())),
          displayNames: ms(() => new Intl.DisplayNames(['en-US'], { type: 'region' }).of('KR')),
        };
      }, warm),
    );
    await page.close();
  }
} finally {
  await browser.close();
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
for (const [name, list] of Object.entries(rows)) {
  const keys = Object.keys(list[0]);
  console.log(
    `${name} (${list.length} tabs, median ms on the page's thread): ${keys
      .map((k) => `${k} ${median(list.map((r) => r[k])).toFixed(1)} [${list.map((r) => r[k].toFixed(1)).join(', ')}]`)
      .join('; ')}`,
  );
}
