// Issue 17: Lighthouse performance of /login and /dashboard (logged in as demo), median of 5 runs, with
// lighthouse's default mobile settings (simulated slow 4G, 4x CPU slowdown) and with its desktop config,
// in the local Chromium against the built app. The machine is shared: the load average is printed with
// the figures, since a busy CPU costs points (total blocking time is measured, then scaled by 4).
// The audits start once the machine has settled from the parts before them: in `npm run bench` they follow
// the exports part (1M lines seeded, two exports streamed), and on 2026-12-02 they began at a 1-minute load
// of 2.85 on 2 cores right after it (4.4-5.7 during them) and scored mobile /dashboard 81, where the same
// web build had scored 94 and 97 in earlier runs. They wait, up to LH_SETTLE_MAX_S (default 240 s), for a
// 1-minute load average under one per two cores, and print how long they waited and the load they began at.
import os from 'node:os';

const SETTLE_MAX_S = Number(process.env.LH_SETTLE_MAX_S ?? 240);

async function settle() {
  const t0 = Date.now();
  const quiet = os.cpus().length / 2;
  while (os.loadavg()[0] >= quiet && Date.now() - t0 < SETTLE_MAX_S * 1000) await new Promise((r) => setTimeout(r, 5000));
  return Math.round((Date.now() - t0) / 1000);
}

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
    const waited = await settle();
    rows.push({
      name: `waited for the machine to settle (1-min load under ${os.cpus().length / 2}, at most ${SETTLE_MAX_S} s)`,
      value: `${waited} s`,
      unit: `(load ${load()})`,
    });
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
