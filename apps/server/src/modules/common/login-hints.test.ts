import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { companies } from '../../db/schema';
import { seedOnStart } from '../../db/seed/demo';
import { createTestApp, type TestContext } from '../../test/helper';

// Issue 16 "demo data only on purpose" and issue 14 defect 14: the login page's demo credentials
// come from GET common/loginHints, which names them only when the server runs with demo data.
let withDemo: TestContext;
let withoutDemo: TestContext;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-hints-'));

beforeAll(async () => {
  // one after the other: two databases and apps starting at once miss Fastify's plugin timeout on a busy machine
  withDemo = await createTestApp({ demoData: true });
  withoutDemo = await createTestApp({ demoData: false });
});
afterAll(async () => {
  await Promise.all([withDemo?.close(), withoutDemo?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const hints = async (t: TestContext) => {
  const res = await t.inject(null, { method: 'GET', url: '/api/common/loginHints' });
  expect(res.statusCode).toBe(200);
  return res.json<{ demo_logins: { id: string; password: string }[] }>().demo_logins;
};
const companyCount = async (t: TestContext) => Number((await t.db.select({ n: count() }).from(companies))[0]?.n);

describe(`login hints and the demo switch (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('production on an empty database seeds nothing and reports that there is no company', async () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(config.demoData).toBe(false);
    expect(await seedOnStart(withoutDemo.db, config)).toBe('no-companies');
    expect(await companyCount(withoutDemo)).toBe(0);
    expect(await hints(withoutDemo)).toEqual([]);
  });

  it('production with DEMO_DATA=1 seeds the demo companies once', async () => {
    const config = { ...loadConfig({ NODE_ENV: 'production', DEMO_DATA: '1', DATA_DIR: dataDir }), now: withoutDemo.clock.now };
    expect(await seedOnStart(withoutDemo.db, config)).toBe('seeded');
    const seeded = await companyCount(withoutDemo);
    expect(seeded).toBeGreaterThanOrEqual(3);
    expect(await seedOnStart(withoutDemo.db, config)).toBe('has-companies');
    expect(await companyCount(withoutDemo)).toBe(seeded);
    await withoutDemo.login('demo', 'demo1234');
  });

  it('the hint is public and empty when the server runs without demo data, even if demo accounts exist', async () => {
    // the previous test left demo and demo2 in this database; this server's switch is off
    expect(await hints(withoutDemo)).toEqual([]);
  });

  it('with demo data it names the demo logins that exist, and only those of the portal division', async () => {
    expect(await hints(withDemo)).toEqual([]);
    await withDemo.createCompany({ id: 'demo', password: 'demo1234' });
    expect(await hints(withDemo)).toEqual([{ id: 'demo', password: 'demo1234' }]);
    await withDemo.createCompany({ id: 'demo2', password: 'demo1234' });
    await withDemo.createCompany({ id: 'partner', password: 'demo1234', codeCompanyDivision: 'PUB' });
    expect(await hints(withDemo)).toEqual([
      { id: 'demo', password: 'demo1234' },
      { id: 'demo2', password: 'demo1234' },
    ]);
  });
});
