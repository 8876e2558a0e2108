// Issue 6: the Q&A board at scale. A scratch PostgreSQL database gets the demo seed (seed CLI),
// then 50k more Q&A posts (threads of a question and two replies,
// a few for another division) by SQL generate_series. Figures: p50/p99 of the list's first page, a
// deep page, a live search, and one post view (which counts a view), through the real server.
import { randomBytes } from 'node:crypto';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const POSTS = 50_000;

async function pgClient(url) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {});
  await c.connect();
  return c;
}

export default async function bench(ctx) {
  const name = `portal_bench_help_${randomBytes(4).toString('hex')}`;
  const admin = await pgClient(ADMIN_URL);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const rows = [];
  let db;
  try {
    ctx.sh('npx', ['tsx', 'apps/server/src/db/seed/cli.ts'], { env: { ...process.env, DATABASE_URL: url.toString() }, stdio: 'ignore' });
    const server = await ctx.startServer({ DATABASE_URL: url.toString() });
    db = await pgClient(url.toString());
    const t0 = performance.now();
    // threads of three: a question (re_level 0) and two replies under it; every 50th thread for PUB only
    await db.query(
      `with q as (
         insert into bbs_posts (board_idx, title, content, name, registrant_idx, registrant_type, company_division, created_at, updated_at)
         select b.idx, 'Bench question ' || md5(g::text), '<p>Bench question body</p>', 'Bench Co ' || (g % 40), g % 40 + 1000, 'company',
                case when g % 50 = 0 then array['PUB']::varchar[] else array['AUT']::varchar[] end,
                now() - (g || ' minutes')::interval, now()
         from generate_series(1, $1::int / 3) g, bbs_boards b where b.name = 'qna'
         returning idx, title, board_idx, company_division)
       update bbs_posts p set root_idx = q.idx, root_title = q.title, thread_path = lpad(q.idx::text, 10, '0') from q where p.idx = q.idx`,
      [POSTS],
    );
    await db.query(
      `insert into bbs_posts (board_idx, parent_idx, root_idx, root_title, thread_path, re_level, title, content, name, registrant_idx, registrant_type, company_division)
       select p.board_idx, p.idx, p.idx, p.root_title, p.thread_path || '/' || lpad((p.idx * 10 + r)::text, 10, '0'), 1, 'Re: ' || p.title,
              '<p>Bench answer</p>', 'Help desk', 1, 'manager', p.company_division
       from bbs_posts p, generate_series(1, 2) r where p.title like 'Bench question %' and p.parent_idx is null`,
    );
    await db.query('analyze bbs_posts');
    const seedMs = Math.round(performance.now() - t0);
    const token = await ctx.login(server.url);
    const headers = { authorization: `Bearer ${token}` };
    const {
      rows: [{ n }],
    } = await db.query(`select count(*)::int n from bbs_posts`);
    rows.push({ name: 'posts on the qna board (scale data + demo)', value: n, unit: 'rows' });
    rows.push({ name: 'scale data insert', value: seedMs, unit: 'ms' });
    const list = (q) => `${server.url}/api/help/bbs/qna?${q}`;
    const first = await ctx.latencies(list('start=0&length=10&search_value='), { n: 100, headers });
    rows.push({ name: 'list, first page p50', value: first.p50, unit: 'ms' });
    rows.push({ name: 'list, first page p99', value: first.p99, unit: 'ms', target: '< 100 ms', pass: first.p99 < 100 });
    const deep = await ctx.latencies(list(`start=${Math.floor(POSTS * 0.9)}&length=10&search_value=`), { n: 50, headers });
    rows.push({ name: 'list, page 90 % down p99', value: deep.p99, unit: 'ms', target: '< 250 ms', pass: deep.p99 < 250 });
    const search = await ctx.latencies(list('start=0&length=10&search_value=abc'), { n: 50, headers });
    rows.push({ name: 'list, live search p99', value: search.p99, unit: 'ms', target: '< 250 ms', pass: search.p99 < 250 });
    const {
      rows: [post],
    } = await db.query(
      `select idx from bbs_posts where title like 'Bench question %' and company_division = array['AUT']::varchar[] limit 1`,
    );
    const view = await ctx.latencies(`${server.url}/api/help/bbs/qna/${post.idx}`, { n: 100, headers });
    rows.push({ name: 'post view (counts a view) p50', value: view.p50, unit: 'ms' });
    rows.push({ name: 'post view (counts a view) p99', value: view.p99, unit: 'ms', target: '< 100 ms', pass: view.p99 < 100 });
    await server.stop();
  } finally {
    await db?.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  return rows;
}
