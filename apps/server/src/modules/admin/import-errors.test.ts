import { IMPORT_MAX_ERRORS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helper';
import { importJob } from '../../test/imports';
import { IMPORT_KIND_DEFS } from './import-kinds';

/**
 * (issue 59) A dry run reports every bad cell of every row, not one a row: the schema's issues of each cell and the
 * kind's one-cell checks (a value of a list, a range, a reference to the portal's tables) of the row's other cells;
 * up to IMPORT_MAX_ERRORS listed (the lowest rows), the rest counted.
 */
const DB = process.env.TEST_DB ?? 'pglite';
let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const op = await createOperator(t.db);
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: op.id, password: op.password } });
  token = res.json().access_token;
}, 60_000);
afterAll(() => t.close());

const dryRun = (kind: string, csv: string, query = '') => importJob(t, token, kind, `${kind}.csv`, csv, `?dryRun=true${query}`);
const cellsOf = (errors: { row: number; column: string }[]) => errors.map((e) => `${e.row}:${e.column}`);

describe(`every bad cell of every row (${DB})`, () => {
  it('a companies row with five bad cells gives five errors, the unknown division among them; the good rows none', async () => {
    const csv = [
      'id,company_name,country,code_company_division,buy_rights,sale_rights',
      'good-one,Good One,KOR,AUT,Y,N',
      'bad id!,,KOR,ZZZ,maybe,perhaps',
      'good-two,Good Two,JPN,AUT,N,N',
    ].join('\n');
    const res = await dryRun('companies', csv);
    expect(res.run).toMatchObject({ status: 'done', committed: false, error_count: 5 });
    expect(res.json()).toMatchObject({ rows: 3, errors_not_listed: 0 });
    expect(res.json().errors).toEqual([
      { row: 3, column: 'id', message: 'This value is not valid.' },
      { row: 3, column: 'company_name', message: 'This value is required.' },
      { row: 3, column: 'buy_rights', message: 'Y or N.' },
      { row: 3, column: 'sale_rights', message: 'Y or N.' },
      { row: 3, column: 'code_company_division', message: 'Unknown company division.' },
    ]);
  });

  it("an invoice line with five bad cells gives five errors (the schema's and the kind's own), in the language asked", async () => {
    const co = await t.createCompany();
    const head = 'company_id,code,title,issuer,item,currency,created_day,due_date,line_no,description,qty,unit_price';
    const csv = [head, `${co.id},INV-1,Title,XXX,sometimes,KR,2026-13-01,2026-12-31,1,Line,many,1000`].join('\n');
    const res = await dryRun('invoices', csv, '&lang=ko');
    expect(
      res
        .json()
        .errors.map((e) => e.column)
        .sort(),
    ).toEqual(['created_day', 'currency', 'issuer', 'item', 'qty']);
    expect(res.json().errors.find((e) => e.column === 'issuer')?.message).toMatch(/KOR, USA/);
    // a rule over several cells (due before registered: the registration day is bad) waits for well-formed cells
    expect(cellsOf(res.json().errors)).not.toContain('2:due_date');
  });

  it('a bad cell never ends the run with a server error: a row of garbage in every column of every kind is a report', async () => {
    for (const [kind, def] of Object.entries(IMPORT_KIND_DEFS)) {
      const columns = def.columns.map((c) => c.name);
      const res = await dryRun(kind, [columns.join(','), columns.map(() => 'q?').join(',')].join('\n'));
      expect(res.run?.status, `${kind}: ${res.body}`).toBe('done');
      expect(res.json().errors.length, kind).toBeGreaterThan(0);
      expect(
        res.json().errors.every((e) => e.row === 2 && columns.includes(e.column)),
        `${kind}: ${JSON.stringify(res.json().errors)}`,
      ).toBe(true);
    }
  });

  it(`lists the first ${IMPORT_MAX_ERRORS} errors (the lowest rows) and counts the rest, checked to the end of the file`, async () => {
    const rows = 700;
    const csv = ['id,company_name,country,buy_rights', ...Array.from({ length: rows }, (_, i) => `cap-${i},,KOR,maybe`)].join('\n');
    const res = await dryRun('companies', csv);
    const total = rows * 2;
    expect(res.json()).toMatchObject({ rows, committed: false, errors_not_listed: total - IMPORT_MAX_ERRORS });
    expect(res.json().errors).toHaveLength(IMPORT_MAX_ERRORS);
    expect(res.run?.error_count).toBe(total);
    // the lowest rows, two errors each, in order
    expect(res.json().errors.map((e) => e.row)).toEqual(Array.from({ length: IMPORT_MAX_ERRORS }, (_, i) => 2 + Math.floor(i / 2)));
    // a file within the cap lists them all
    const few = await dryRun('companies', csv.split('\n').slice(0, 11).join('\n'));
    expect(few.json()).toMatchObject({ rows: 10, errors_not_listed: 0 });
    expect(few.json().errors).toHaveLength(20);
  });
});
