// Issue 2: cold start to the first 200 on /api/health (embedded, seeded) and the gzip JS of /login.
export default async function skeleton(ctx) {
  ctx.buildWeb();
  // first start seeds an empty database; the cold start measured is a fresh process on that data
  const seedRun = await ctx.startServer();
  await seedRun.stop();
  const cold = await ctx.startServer({ DATA_DIR: seedRun.dataDir });
  const js = await ctx.pageJsGzip(`${cold.url}/login`);
  return [
    { name: 'first start incl. migrate + demo seed', value: seedRun.ms, unit: 'ms' },
    { name: 'cold start to first 200 /api/health', value: cold.ms, unit: 'ms', target: '≤ 5000 ms', pass: cold.ms <= 5000 },
    { name: 'JS loaded by /login (gzip)', value: js.kib, unit: `KiB in ${js.files} files`, target: '≤ 160 KiB', pass: js.kib <= 160 },
  ];
}
