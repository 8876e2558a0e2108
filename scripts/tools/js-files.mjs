// Lists the JS files a page loads, with gzip sizes: node scripts/tools/js-files.mjs /login
import * as ctx from '../bench/lib.mjs';
const { chromium } = await import('playwright-core');
const s = await ctx.startServer({});
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage();
const { gzipSync } = await import('node:zlib');
const rows = [];
page.on('response', async (r) => {
  if (r.url().endsWith('.js')) {
    try {
      rows.push([r.url().split('/').pop(), (gzipSync(await r.body()).length / 1024).toFixed(1)]);
    } catch {
      /* aborted or redirected */
    }
  }
});
await page.goto(s.url + process.argv[2], { waitUntil: 'networkidle' });
await page.waitForTimeout(500);
console.log(rows.map((r) => r.join(' ')).join('\n'));
await browser.close();
await ctx.stopAll();
