// Issue 17: Lighthouse performance of /login and /dashboard (logged in as demo), median of 5 runs, with
// lighthouse's default mobile settings (simulated slow 4G, 4x CPU slowdown) and with its desktop config,
// in the local Chromium against the built app. The machine is shared: the load average is printed with
// the figures, since a busy CPU costs points (total blocking time is measured, then scaled by 4).
// The mobile score moves with the machine, not only with the code or the browser build (2026-12-02, Chromium
// 156.0.8078.114, the same web code throughout): /dashboard 73 (TBT 1,518 ms, benchmarkIndex 1,570) in a full run
// after the exports part, 95 (TBT 267 ms, benchmarkIndex 1,590-2,660) alone on an idle fresh machine, and 100
// (TBT 73 ms, benchmarkIndex 2,011-2,463) right after the exports part on that same machine two hours later. So
// neither the browser build nor the exports part before it explains a low mobile score; read it with the
// benchmarkIndex and load printed beside it, and run this part again before blaming the page.
import os from 'node:os';

const GOALS = {
  mobile: { '/login': 98, '/dashboard': 90 },
  desktop: { '/login': 98, '/dashboard': 98 },
};

export default async function lighthouseBench(ctx) {
  ctx.buildWeb();
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
    for (const preset of ['mobile', 'desktop']) {
      for (const [page, goal] of Object.entries(GOALS[preset])) {
        const runs = await ctx.lighthouseRuns(`${server.url}${page}`, { token: page === '/login' ? undefined : token, preset });
        const score = ctx.median(runs.map((r) => r.score));
        const med = (k) => Math.round(ctx.median(runs.map((r) => r[k])));
        const ms = (k) => `${k} ${med(k)}`;
        rows.push({
          name: `Lighthouse ${preset} ${page} (median of ${runs.length}: ${runs.map((r) => r.score).join(', ')}; ms medians ${['fcp', 'lcp', 'tbt'].map(ms).join(', ')}; cls ${ctx.median(runs.map((r) => r.cls)).toFixed(3)}; lighthouse benchmarkIndex ${med('benchmarkIndex')}; load ${load()})`,
          value: score,
          unit: 'points',
          target: `≥ ${goal}`,
          pass: score >= goal,
        });
      }
    }
    return rows;
  } finally {
    await server.stop();
  }
}
