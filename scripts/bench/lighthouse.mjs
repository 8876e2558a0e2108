// Issue 17, issue 57: Lighthouse performance of /login and /dashboard (logged in as demo), median of
// BENCH_LH_RUNS runs (default 3), with lighthouse's default mobile settings (simulated slow 4G, 4x CPU
// slowdown) and with its desktop config, in the local Chromium against the built app. The machine is shared
// and a busy CPU costs points (total blocking time is measured, then scaled by 4), so beside each mobile run of
// a page a plain static HTML page (no script, bench-static.html, served by the same server from the same dist) is
// audited with the same settings (desktop: once): its score is what this machine allows any page then. And the
// first-load JavaScript of each page (gzip bytes of the scripts its page names and their static imports, from the
// built dist's manifest: lib.mjs firstLoadJs), which does not move with load.
// The mobile score moves with the machine, not only with the code or the browser build (2026-12-02, Chromium
// 156.0.8078.114, the same web code throughout): /dashboard 73 (TBT 1,518 ms, benchmarkIndex 1,570) in a full run
// after the exports part, 95 (TBT 267 ms, benchmarkIndex 1,590-2,660) alone on an idle fresh machine, and 100
// (TBT 73 ms, benchmarkIndex 2,011-2,463) right after the exports part on that same machine two hours later.
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const GOALS = {
  mobile: { '/login': 98, '/dashboard': 90 },
  desktop: { '/login': 98, '/dashboard': 98 },
};
/** desktop /dashboard (issue 7): largest contentful paint and layout shift */
const DASHBOARD_DESKTOP = { lcp: 800, cls: 0.1 };
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);

/** A plain page of about a login screen's text, inline style, no script. */
const STATIC_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A static page: the yardstick of the Lighthouse runs"><title>Static page</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:2rem;line-height:1.5}</style></head>
<body><main><h1>Publisher Portal</h1><p>Settlement, copyright and royalties for publishers and authors.</p>
<p>This page has no script and no image: it scores what this machine allows any page at this moment.</p></main></body></html>
`;

export default async function lighthouseBench(ctx) {
  ctx.buildWeb();
  const dist = path.resolve(ctx.root, process.env.WEB_OUT_DIR ?? 'apps/web/dist');
  const staticFile = path.join(dist, 'bench-static.html');
  writeFileSync(staticFile, STATIC_PAGE);
  // an embedded database of its own (a DATABASE_URL in the environment would point elsewhere)
  const server = await ctx.startServer({ DATABASE_URL: '' });
  try {
    const token = await ctx.login(server.url);
    const rows = [];
    const load = () =>
      os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ');
    rows.push({ name: `load average before (1, 5, 15 min; ${os.cpus().length} cores)`, value: load() });
    for (const page of Object.keys(GOALS.mobile)) {
      const js = await ctx.firstLoadJs(`${server.url}${page}`, dist);
      rows.push({
        name: `first-load JavaScript of ${page} (gzip, ${js.files} files, from the dist's manifest)`,
        value: js.bytes,
        unit: 'bytes',
      });
    }
    const staticUrl = `${server.url}/bench-static.html`;
    let desktopStatic;
    for (const preset of ['mobile', 'desktop']) {
      for (const [page, goal] of Object.entries(GOALS[preset])) {
        // mobile (the goals issue 57 names): one run of the page, then one of the static page, in turn; desktop: the
        // page's runs, and one static run for both pages (the whole bench is to take under 15 minutes)
        const runs = [];
        const statics = preset === 'desktop' ? (desktopStatic ??= await ctx.lighthouseRuns(staticUrl, { preset, runs: 1 })) : [];
        for (let i = 0; i < RUNS; i++) {
          runs.push(
            ...(await ctx.lighthouseRuns(`${server.url}${page}`, { token: page === '/login' ? undefined : token, preset, runs: 1 })),
          );
          if (preset === 'mobile') statics.push(...(await ctx.lighthouseRuns(staticUrl, { preset, runs: 1 })));
        }
        const score = ctx.median(runs.map((r) => r.score));
        const med = (k) => Math.round(ctx.median(runs.map((r) => r[k])));
        const ms = (k) => `${k} ${med(k)}`;
        const cls = ctx.median(runs.map((r) => r.cls));
        rows.push({
          name: `Lighthouse ${preset} ${page} (median of ${runs.length}: ${runs.map((r) => r.score).join(', ')}; static page ${preset === 'mobile' ? 'beside each' : 'once'}: ${statics.map((r) => r.score).join(', ')}; ms medians ${['fcp', 'lcp', 'tbt'].map(ms).join(', ')}; cls ${cls.toFixed(3)}; lighthouse benchmarkIndex ${med('benchmarkIndex')}; load ${load()})`,
          value: score,
          unit: 'points',
          target: `≥ ${goal}`,
          pass: score >= goal,
        });
        if (preset === 'desktop' && page === '/dashboard')
          rows.push(
            {
              name: `Lighthouse desktop /dashboard LCP (median; runs ${runs.map((r) => Math.round(r.lcp)).join(', ')} ms)`,
              value: med('lcp'),
              unit: 'ms',
              target: `≤ ${DASHBOARD_DESKTOP.lcp} ms`,
              pass: med('lcp') <= DASHBOARD_DESKTOP.lcp,
            },
            {
              name: 'Lighthouse desktop /dashboard CLS (median)',
              value: Math.round(cls * 1000) / 1000,
              target: `≤ ${DASHBOARD_DESKTOP.cls}`,
              pass: cls <= DASHBOARD_DESKTOP.cls,
            },
          );
      }
    }
    return rows;
  } finally {
    await server.stop();
    rmSync(staticFile, { force: true });
  }
}
