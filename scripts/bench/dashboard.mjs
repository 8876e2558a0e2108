// Issue 7: the gzip JS loaded by /dashboard (chart and map included) and a Lighthouse desktop run of
// /dashboard (median of 5) in the local Chromium, logged in as demo (lib.mjs lighthouseRuns).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export default async function dashboard(ctx) {
  ctx.buildWeb();
  // an embedded database of its own (a DATABASE_URL in the environment would point elsewhere)
  const server = await ctx.startServer({ DATABASE_URL: '' });
  try {
    return await measure(ctx, server);
  } finally {
    await server.stop();
  }
}

async function measure(ctx, server) {
  const token = await ctx.login(server.url);
  const js = await ctx.pageJsGzip(`${server.url}/dashboard`, { token });
  const runs = await ctx.lighthouseRuns(`${server.url}/dashboard`, { token, preset: 'desktop' });
  // the same app shell with no page content (the in-app not-found page): what this machine allows any page
  const base = await ctx.lighthouseRuns(`${server.url}/no-such-page`, { token, preset: 'desktop', runs: 3 });
  const score = ctx.median(runs.map((r) => r.score));
  const lcp = Math.round(ctx.median(runs.map((r) => r.lcp)));
  const cls = ctx.median(runs.map((r) => r.cls));
  // the map's SVG paths, projected by the build (apps/web/world-geometry.ts)
  const assets = path.resolve(ctx.root, process.env.WEB_OUT_DIR ?? 'apps/web/dist', 'assets');
  const geometryFile = readdirSync(assets).find((f) => /^world-110m-.*\.json$/.test(f));
  const geometry = geometryFile ? gzipSync(readFileSync(path.join(assets, geometryFile))).length : NaN;
  return [
    {
      name: 'JS loaded by /dashboard incl. chart and map (gzip)',
      value: js.kib,
      unit: `KiB in ${js.files} files`,
      target: '≤ 300 KiB',
      pass: js.kib <= 300,
    },
    { name: 'world geometry fetched by the map (JSON, not JS; gzip)', value: Math.round((geometry / 1024) * 10) / 10, unit: 'KiB' },
    {
      name: `Lighthouse desktop performance /dashboard (median of ${runs.length}: ${runs.map((r) => r.score).join(', ')})`,
      value: score,
      unit: 'points',
      target: '≥ 98',
      pass: score >= 98,
    },
    {
      name: `Lighthouse LCP /dashboard (median; runs ${runs.map((r) => Math.round(r.lcp)).join(', ')} ms)`,
      value: lcp,
      unit: 'ms',
      target: '≤ 800 ms',
      pass: lcp <= 800,
    },
    {
      name: `baseline: Lighthouse of the empty app shell (in-app not-found page, median of ${base.length}: ${base.map((r) => r.score).join(', ')}; LCP ms ${base.map((r) => Math.round(r.lcp)).join(', ')})`,
      value: `${ctx.median(base.map((r) => r.score))} points, LCP ${Math.round(ctx.median(base.map((r) => r.lcp)))}`,
      unit: 'ms',
    },
    {
      name: `Lighthouse TBT /dashboard (median; runs ${runs.map((r) => Math.round(r.tbt)).join(', ')} ms)`,
      value: Math.round(ctx.median(runs.map((r) => r.tbt))),
      unit: 'ms',
    },
    { name: 'Lighthouse CLS /dashboard (median)', value: Math.round(cls * 1000) / 1000, unit: '', target: '≤ 0.1', pass: cls <= 0.1 },
  ];
}
