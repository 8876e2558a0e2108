// Issue 7: the gzip JS loaded by /dashboard (chart and map included) in the local Chromium, logged in as demo,
// and the map's geometry. Its Lighthouse runs (desktop score, LCP, CLS) are lighthouse.mjs's, beside a static page.
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
  ];
}
