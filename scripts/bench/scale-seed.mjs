// The data of issue 17's scale bench (scripts/bench/lists.mjs), seeded with SQL generate_series and
// kept between runs. Two PostgreSQL databases:
// - "big": TOTAL rows in each company table (default 10M) across 100 companies, interleaved as real
//   data arrives: the 1M company holds TOTAL/10, the 10k company TOTAL/1000, 98 others the rest. The
//   boards and help files are not a company's: the AUT division's Q&A and notice boards hold TOTAL/10
//   posts each and another division (PUB) as many again over both boards (3 × TOTAL/10 posts: seeding
//   10M posts with their two trigram indexes took longer than a session could give); help files of
//   customer type `company` are TOTAL/10, as many again are other customer types' (2 × TOTAL/10).
// - "small": the same 10k company alone (10k rows in each list), boards of 10k posts, 10k help files:
//   the yardstick for "a 10k company is the same whether or not a 1M company exists", and for the
//   boards' and help files' 1M ÷ 10k.
// Each table is seeded in chunks of CHUNK rows, one transaction each, with the summary triggers on;
// `bench_seed` records what is done, so a run stopped half way resumes where it stopped.
import { insertCompany } from './settlement.mjs';

const CHUNK = 1_000_000;
export const PASSWORD = 'bench1234';

/**
 * Which company a generated row g belongs to, by g % 1000: `big` residues (0, 10, 20, …) for the 1M
 * company, residue 1 for the 10k company, the rest spread over the fillers. Kept in a table so that
 * the seed's SQL joins it; rows g and g + 1000k always share a company (royalty lines use that).
 */
async function companyMap(db, layout, hash) {
  await db.query(`create table if not exists bench_company_map (r int primary key, company_idx int not null)`);
  if ((await db.query(`select 1 from bench_company_map limit 1`)).rowCount) return;
  const big = layout.big ? await insertCompany(db, 'scale1m', hash) : null;
  const small = await insertCompany(db, 'scale10k', hash);
  const fillers = [];
  for (let i = 0; i < layout.fillers; i++) fillers.push(await insertCompany(db, `scalefill${String(i + 1).padStart(2, '0')}`, hash));
  const values = [];
  for (let r = 0; r < 1000; r++) {
    const co = !layout.big ? small : r % layout.bigStep === 0 ? big : r % layout.smallStep === 1 ? small : fillers[r % fillers.length];
    values.push(`(${r}, ${co})`);
  }
  await db.query(`insert into bench_company_map values ${values.join(',')}`);
}

/**
 * The item of invoice g: every company's invoices cycle through the six items in their own order, in both databases.
 * Until 2026-12-03 it was g % 6; the 10k company's invoices of the big database (g ≡ 1 mod 1000) then held only three
 * items and no 'consignment', so the lists bench's item filter walked its whole index to an empty page there, against a
 * page of ten alone (its "÷ alone" row 1.238 and 1.266 in two full runs). With g / 1000 * 7 + g, consecutive invoices
 * of the 10k company (g / 1000 apart by one) step by 1,007 ≡ 5 (mod 6), which visits all six; in the small database, as
 * before, consecutive g do. 1,000,000 rows: each item 166-167 of the 10k company's 1,000 and 16,666-16,667 of the 1M's.
 */
const invoiceItem = (g) =>
  `(array['prepayment','onCredit','consignment','fulfillment','warehouse','copyright'])[1 + (${g} / 1000 * 7 + ${g}) % 6]`;

const gen = (from, to) => `generate_series(${from}::bigint, ${to}::bigint) g join bench_company_map m on m.r = g % 1000`;

/** The tables, in seeding order; each inserts rows g in [from, to] of `total`. */
const TABLES = {
  buy_invoices: (from, to, total) => `
    insert into buy_invoices (company_idx, code, title, issuer, state, item, currency_idx, amount, created_at, created_day, due_date)
    select m.company_idx, 'B' || g, 'Bench invoice ' || g, case when g % 3 = 0 then 'USA' else 'KOR' end,
      case when g % 4 = 0 then 'S' else 'P' end,
      ${invoiceItem('g')},
      (select idx from currencies where name = case when g % 3 = 0 then 'USD' else 'KRW' end),
      round((1000 + (g * 7919) % 900000) / 100.0, 2),
      (dd.d + time '10:00') at time zone 'Asia/Seoul', dd.d, dd.d + 30
    from ${gen(from, to)}, lateral (select (date '2023-01-01' + (g * 1096 / ${total + 1})::int) as d) dd`,
  buy_payments: (from, to, total) => `
    insert into buy_payments (company_idx, d_name, d_date, currency_idx, d_payment, d_type)
    select m.company_idx, 'Depositor ' || g, date '2023-01-01' + (g * 1096 / ${total + 1})::int,
      (select idx from currencies where name = case when g % 3 = 0 then 'USD' else 'KRW' end), (g % 9000 + 100)::numeric, 'cash'
    from ${gen(from, to)}`,
  // publication dates spread over 5,000 days by g's place in the series, as the other tables' dates are: every company's
  // books then span the same days in both databases (with g % 5000, the 10k company's books in the big database, g ≡ 1
  // mod 1000, fell on 5 days, none after 2020-12-15: its new filters matched no book there, while in the small database
  // its books spanned 5,000 days and the 1M company's 500; so its "new filter count" in the big database timed an empty answer)
  copyright_books: (from, to, total) => `
    insert into copyright_books (company_idx, title, isbn, publication_date, list_price, currency, pay_type, rate, created_at)
    select m.company_idx, (array['Moon','River','Garden','Winter','Letters'])[1 + (g / 1000) % 5] || ' ' || g, '979' || lpad(g::text, 10, '0'),
      date '2010-01-01' + (g * 5000 / ${total + 1})::int, 15000, 'KRW', case when g % 2 = 0 then 'sale' else 'net' end, 10, now()
    from ${gen(from, to)}`,
  // a line of row g is on book g' ≡ g (mod 1000), one of 50 per residue (a catalogue's sales gather on few titles)
  royalty_lines: (from, to, total, layout) => `
    insert into royalty_lines (company_idx, book_idx, customer_idx, unit_price, currency, qty, created_at, buy_invoice_idx, royalty)
    select m.company_idx, bk.idx, (select min(idx) from royalty_customers) + g % 20, 12000, case when g % 4 = 0 then 'USD' else 'KRW' end, 1 + g % 5,
      timestamptz '2023-01-01 00:00:00+09' + (g * 1096 * 86400 / ${total + 1}) * interval '1 second', null,
      round(12000 * (1 + g % 5) * bk.rate / 100, 2)
    from ${gen(from, to)}
      -- the line's book and its rate (the stored royalty is unit price × copies × rate / 100, rounded)
      cross join lateral (select idx, rate from copyright_books
        where idx = (select min(idx) - 1 from copyright_books) + ${layout.big ? `g % 1000 + 1000 * (1 + (g / 1000) % ${layout.booksPerResidue})` : '1 + g % 50'}) bk`,
  company_books: (from, to, total) => `
    insert into company_books (company_idx, isbn13, title, author, list_price, currency, created_at)
    select m.company_idx, '979' || lpad(g::text, 10, '0'), (array['Moon','River','Garden','Winter','Letters'])[1 + (g / 1000) % 5] || ' ' || g,
      'Author ' || g % 500, 15000, 'KRW', timestamptz '2024-01-01 00:00:00+09' + (g * 700 * 86400 / ${total + 1}) * interval '1 second'
    from generate_series(${from}::bigint, ${to}::bigint) g join bench_company_map m on m.r = g % 1000`,
  // g % 2: 0 the Q&A board, 1 the notice board; g % 3 = 2 another division's (in the small database every post is AUT's)
  bbs_posts: (from, to, total, layout) => `
    insert into bbs_posts (idx, board_idx, root_idx, root_title, thread_path, title, content, name, registrant_idx, registrant_type,
      company_division, created_at, updated_at)
    select id, case when g % 2 = 0 then (select idx from bbs_boards where name = 'qna') else (select idx from bbs_boards where name = 'notice') end,
      id, t, lpad(id::text, 10, '0'), t, '<p>bench</p>', 'Writer ' || g % 300, 1, 'manager',
      case when ${layout.big ? 'g % 3 < 2' : 'true'} then array['AUT']::varchar[] else array['PUB']::varchar[] end,
      timestamptz '2023-01-01 00:00:00+09' + (g * 1096 * 86400 / ${total + 1}) * interval '1 second', now()
    from (select nextval('bbs_posts_idx_seq') as id, g, (array['How to','Why','Where is','Refund'])[1 + (g / 10) % 4] || ' ' || g as t
          from generate_series(${from}::bigint, ${to}::bigint) g) s`,
  bbs_comments: (from, to) => `
    insert into bbs_comments (bbs_idx, name, content, registrant_idx, registrant_type)
    select p.idx, 'Kim', 'comment', 1, 'manager' from bbs_posts p
    where p.idx between (select min(idx) from bbs_posts) + ${from} - 1 and (select min(idx) from bbs_posts) + ${to} - 1 and p.idx % 3 = 0`,
  // g % 2 = 0 the `company` customer type (all of them in the small database), the others alternate user / non_member
  help_files: (from, to, total, layout) => `
    with f as (
      insert into stored_files (upload_path, company_idx, name, extension, size, mime, storage_key)
      select 'help', null, 'Bench guide ' || g, 'pdf', 1000 + g % 5000, 'application/pdf', 'bench-help-' || g
      from generate_series(${from}::bigint, ${to}::bigint) g
      returning idx, storage_key)
    insert into help_files (customer_type, stored_file_idx)
    select case when ${layout.big ? 'g % 2 = 0' : 'true'} then 'company' when g % 4 = 1 then 'user' else 'non_member' end, f.idx
    from f, lateral (select substr(f.storage_key, 12)::bigint as g) gg`,
};

/** The rows `table` holds once seeded. */
function targetRows(layout, table) {
  // not a company's: the boards (1M of AUT on each and 1M of PUB at 10M; 10k on each in the small
  // database, every post AUT's there) and the help files (1M of `company` and 1M of others; 10k)
  const tenth = layout.total / 10;
  if (table.startsWith('bbs_')) return layout.big ? 3 * tenth : layout.total * 2;
  if (table === 'help_files' && layout.big) return 2 * tenth;
  return layout.total;
}

/**
 * Tables whose seeding SQL changed after databases had been seeded with it: a query that is true when the
 * table still holds the earlier rows. A seeded table is reused as it is, so such a database would be timed on
 * other data than this file makes; it is refused, with what to do.
 */
const EARLIER = {
  // before 2026-12-03 publication dates were 2010-01-01 + g % 5000, which cycles through the number order (the 10k
  // company's books: correlation of number and day 0.0005 in the big database, 0.499 in the small one); now the
  // days follow it (0.99999998 in both)
  copyright_books: `select corr(b.idx, b.publication_date - date '2010-01-01') < 0.95 as earlier
    from copyright_books b join companies c on c.idx = b.company_idx where c.id = 'scale10k'`,
  // before 2026-12-03 an invoice's item was g % 6 (see invoiceItem); its code is 'B' || g
  buy_invoices: `select bool_or(i.item <> ${invoiceItem('substr(i.code, 2)::bigint')}) as earlier
    from buy_invoices i join companies c on c.idx = i.company_idx where c.id = 'scale10k'`,
};

/**
 * The tables whose seeding is complete, their indexes built again (a run with LISTS_BENCH_SEED=0,
 * perhaps beside a seeding one, measures only their lists). Throws if one holds the rows of an earlier seed (EARLIER).
 */
export async function seededTables(db, layout) {
  const found = await db
    .query(`select s.tbl, s.upto, exists (select 1 from bench_seed_indexes i where i.tbl = s.tbl) as unindexed from bench_seed s`)
    .catch(() => db.query(`select tbl, upto, false as unindexed from bench_seed`))
    .catch(() => ({ rows: [] }));
  const seeded = new Set(found.rows.filter((r) => !r.unindexed && Number(r.upto) >= targetRows(layout, r.tbl)).map((r) => r.tbl));
  for (const table of seeded)
    if (EARLIER[table] && (await db.query(EARLIER[table])).rows[0]?.earlier)
      throw new Error(
        `${layout.name}: ${table} holds the rows of an earlier seed (scale-seed.mjs, EARLIER): drop the database ${layout.name} and seed it again`,
      );
  return seeded;
}

/**
 * A table seeded from empty is loaded without its secondary indexes (those no constraint owns) and
 * they are built once at the end, as a bulk load is done: keeping trigram GIN indexes row by row was
 * most of a 10M seed's time. The definitions wait in `bench_seed_indexes` so that a run stopped half
 * way still builds them when it resumes.
 */
async function dropIndexes(db, table) {
  const { rows } = await db.query(
    `select i.relname as name, pg_get_indexdef(x.indexrelid) as def from pg_index x join pg_class i on i.oid = x.indexrelid
     where x.indrelid = $1::regclass and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
    [table],
  );
  // together: an index is never dropped without its definition kept
  await db.query('begin');
  try {
    for (const r of rows) {
      await db.query(`insert into bench_seed_indexes values ($1, $2, $3) on conflict do nothing`, [table, r.name, r.def]);
      await db.query(`drop index ${r.name}`);
    }
    await db.query('commit');
  } catch (e) {
    await db.query('rollback');
    throw e;
  }
}

async function restoreIndexes(db, table, log) {
  const { rows } = await db.query(`select name, def from bench_seed_indexes where tbl = $1`, [table]);
  await db.query(`set maintenance_work_mem = '1GB'`);
  for (const r of rows) {
    const t0 = performance.now();
    await db.query(r.def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
    await db.query(`delete from bench_seed_indexes where tbl = $1 and name = $2`, [table, r.name]);
    log(`${table}: index ${r.name} built in ${Math.round(performance.now() - t0) / 1000} s`);
  }
  await db.query(`reset maintenance_work_mem`);
}

/** Seeds what is not there yet; returns [{ table, rows, s }] of what this call did. */
export async function seedScale(db, layout, log) {
  await db.query(`insert into currencies (name, icon) values ('KRW', '₩'), ('USD', '$') on conflict do nothing`);
  await db.query(`insert into company_divisions (code, name) values ('AUT', 'Author') on conflict do nothing`);
  await db.query(`insert into royalty_customers (name, country)
    select 'Bench customer ' || g, 'USA' from generate_series(1, 20) g on conflict do nothing`);
  const { hash } = await import('@node-rs/argon2');
  await companyMap(db, layout, await hash(PASSWORD, { memoryCost: 19456, timeCost: 2, parallelism: 1 }));
  await db.query(`create table if not exists bench_seed (tbl text primary key, upto bigint not null)`);
  await db.query(`create table if not exists bench_seed_indexes (tbl text, name text, def text not null, primary key (tbl, name))`);
  const done = [];
  for (const [table, sqlOf] of Object.entries(TABLES)) {
    const total = targetRows(layout, table);
    const upto = Number((await db.query(`select upto from bench_seed where tbl = $1`, [table])).rows[0]?.upto ?? 0);
    if (upto >= total) {
      await restoreIndexes(db, table, log); // a run stopped between the last chunk and the indexes
      continue;
    }
    const t0 = performance.now();
    if (upto === 0) await dropIndexes(db, table);
    for (let from = upto + 1; from <= total; from += CHUNK) {
      const to = Math.min(total, from + CHUNK - 1);
      const c0 = performance.now();
      await db.query('begin');
      try {
        await db.query(sqlOf(from, to, total, layout));
        await db.query(`insert into bench_seed values ($1, $2) on conflict (tbl) do update set upto = excluded.upto`, [table, to]);
        await db.query('commit');
      } catch (e) {
        await db.query('rollback');
        throw e;
      }
      log(`${table}: rows ${from}–${to} in ${Math.round(performance.now() - c0) / 1000} s`);
    }
    await restoreIndexes(db, table, log);
    await db.query(`vacuum analyze ${table}`);
    done.push({ table, rows: total - upto, s: Math.round(performance.now() - t0) / 1000 });
  }
  // what autovacuum does on a running server (it is off on this machine's PostgreSQL): every table written
  // since its last vacuum, the summary and count tables the triggers filled included, vacuumed and analysed,
  // so that index-only scans find their pages all-visible (a summary's never-vacuumed pages cost a heap fetch each)
  const { rows: written } = await db.query(
    `select relname from pg_stat_user_tables where schemaname = current_schema() and (n_ins_since_vacuum > 0 or n_dead_tup > 0)`,
  );
  for (const { relname } of written) {
    const t0 = performance.now();
    await db.query(`vacuum analyze "${relname}"`);
    log(`${relname}: vacuumed in ${Math.round(performance.now() - t0) / 1000} s`);
  }
  return done;
}

/**
 * The two layouts (TOTAL from LISTS_BENCH_TOTAL, default 10M). Whatever TOTAL, the big database's 1M company holds 1M
 * rows (residues r % bigStep = 0) and its 10k company 10k (r % smallStep = 1), with 200 royalty lines a book as at 10M;
 * the 98 fillers share the rest (TOTAL 2M: 990k, about 10k each), so a 1M ÷ 10k verdict fits in a shorter seed. TOTAL
 * must be 1M × a divisor of 1,000 whose 10k step divides 1,000 too: 2M, 5M or 10M. The boards and help files stay
 * TOTAL/10 (200k posts a board at 2M). The small database is the 10k company alone at every TOTAL.
 */
export const layouts = (total = Number(process.env.LISTS_BENCH_TOTAL ?? 10_000_000)) => {
  const bigStep = total / 1_000_000;
  const smallStep = total / 10_000;
  if (![bigStep, smallStep].every((s) => Number.isInteger(s) && 1000 % s === 0))
    throw new Error(`LISTS_BENCH_TOTAL=${total}: the 1M and 10k companies need 1,000 % (TOTAL / 1M) = 0 and 1,000 % (TOTAL / 10k) = 0`);
  return {
    big: { name: `portal_bench_scale_${total}`, total, big: true, fillers: 98, bigStep, smallStep, booksPerResidue: total / 200_000 },
    small: { name: `portal_bench_scale_small_10000`, total: 10_000, big: false, fillers: 0 },
  };
};
