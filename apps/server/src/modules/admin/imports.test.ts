import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema';
import { createOperator } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helper';
import { importJob } from '../../test/imports';

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const op = await createOperator(t.db);
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: op.id, password: op.password } });
  token = res.json().access_token;
});
afterAll(() => t.close());

const example = (kind: string) => readFileSync(path.join(import.meta.dirname, 'examples', `${kind}.csv`));

const importFile = (kind: string, fileName: string, data: Buffer | string, query = '', bearer = token) =>
  importJob(t, bearer, kind, fileName, data, query);

const exampleIds = ['hanbit', 'editorial-sol', 'sakura-shobo'];
const countCompanies = async (ids: string[]) => (await t.db.select().from(companies).where(inArray(companies.id, ids))).length;

describe('companies import', () => {
  it('a NUL character in a cell is dropped, not a server error (PostgreSQL text cannot hold it)', async () => {
    const res = await importFile('companies', 'nul.csv', 'id,company_name\u0000,country\nnul-1,Nul\u0000 Books,KOR\n', '?dryRun=true');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ committed: false, created: 1, errors: [] });
  });

  it('a dry run reports what would happen and writes nothing', async () => {
    const res = await importFile('companies', 'companies.csv', example('companies'), '?dryRun=true');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ kind: 'companies', dry_run: true, committed: false, rows: 3, created: 3, errors: [] });
    expect(await countCompanies(exampleIds)).toBe(0);
  });

  it('imports the example file, and importing it again changes nothing', async () => {
    const first = await importFile('companies', 'companies.csv', example('companies'));
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({ committed: true, rows: 3, created: 3, updated: 0, unchanged: 0, errors: [] });
    const [sol] = await t.db
      .select()
      .from(companies)
      .where(inArray(companies.id, ['editorial-sol']));
    expect(sol).toMatchObject({ companyName: 'Editorial Sol, S.L.', country: 'ESP', buyRights: 'Y', saleRights: 'N', buyConsignment: 'Y' });

    const again = await importFile('companies', 'companies.csv', example('companies'));
    expect(again.json()).toMatchObject({ committed: true, rows: 3, created: 0, updated: 0, unchanged: 3 });

    // one changed row updates that company only
    const changed = example('companies').toString().replace('Hanbit Books', 'Hanbit Media');
    const third = await importFile('companies', 'companies.csv', changed);
    expect(third.json()).toMatchObject({ created: 0, updated: 1, unchanged: 2 });

    const audit = await t.inject(token, { method: 'GET', url: '/api/admin/audit?length=5' });
    expect(audit.json().dataset[0]).toMatchObject({
      action: 'import.companies',
      target: 'companies.csv',
      counts: { updated: 1, unchanged: 2 },
    });
  });

  it('one bad row rejects the whole file, and every bad row is named by number and column in the language asked', async () => {
    const csv = [
      'id,company_name,country,buy_rights',
      'fresh-one,Fresh One,KOR,Y',
      'fresh-two,,KOR,Y',
      'fresh-three,Fresh Three,XXX,Y',
      'fresh-four,Fresh Four,KOR,maybe',
      'fresh-one,Again,KOR,N',
    ].join('\n');
    const res = await importFile('companies', 'bad.csv', csv, '?lang=ko');
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({ committed: false, rows: 5, created: 0 });
    expect(body.errors).toEqual([
      { row: 3, column: 'company_name', message: '필수 값입니다.' },
      { row: 4, column: 'country', message: expect.stringContaining('국가 코드') },
      { row: 5, column: 'buy_rights', message: 'Y 또는 N이어야 합니다.' },
      { row: 6, column: 'id', message: '이 키는 2행에 이미 있습니다.' },
    ]);
    expect(await countCompanies(['fresh-one', 'fresh-two', 'fresh-three', 'fresh-four'])).toBe(0);

    const en = await importFile('companies', 'bad.csv', csv, '', token);
    expect(en.json().errors[0]?.message).toBe('This value is required.');
  });

  it('names a missing required column, and reports a file that is no spreadsheet as its one error', async () => {
    const res = await importFile('companies', 'c.csv', 'id,company_name\nx,y\n');
    expect(res.json()).toMatchObject({
      committed: false,
      errors: [{ row: 1, column: 'country', message: 'The column is missing from the header row.' }],
    });
    const bad = await importFile('companies', 'c.xlsx', 'not a zip at all');
    expect(bad.run).toMatchObject({ status: 'done', committed: false });
    expect(bad.json().errors).toEqual([{ row: 1, column: 'file', message: 'The file cannot be read as XLSX.' }]);
  });

  it('reads the XLSX template filled in like the CSV, and serves both templates', async () => {
    const csvTemplate = await t.inject(token, { method: 'GET', url: '/api/admin/imports/companies/template?format=csv' });
    expect(csvTemplate.statusCode).toBe(200);
    expect(csvTemplate.headers['content-disposition']).toBe('attachment; filename="companies-template.csv"');
    expect(csvTemplate.body.replace(/^\ufeff/, '').split('\r\n')[0]).toMatch(/^id,company_name,country,/);

    const xlsx = await t.inject(token, { method: 'GET', url: '/api/admin/imports/companies/template?format=xlsx' });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    ws.getRow(2).getCell(1).value = 'from-xlsx';
    const filled = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await importFile('companies', 'filled.xlsx', filled);
    expect(res.json()).toMatchObject({ committed: true, rows: 1, created: 1, errors: [] });
    expect(await countCompanies(['from-xlsx'])).toBe(1);
  });

  it('keys are scoped (issue 56): companies are loaded by a companies key only; an import key loads the other kinds; a company token nothing', async () => {
    const keyOf = async (scope: string) =>
      (await t.inject(token, { method: 'POST', url: '/api/admin/keys', payload: { name: `${scope} job`, scope } })).json().key as string;
    const importKey = await keyOf('import');
    const companiesKey = await keyOf('companies');
    const ok = await importFile('companies', 'companies.csv', example('companies'), '?dryRun=true', companiesKey);
    // the companies key followed its own run to its end (importJob polls it with the same key)
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.run?.status).toBe('done');
    // an import key neither reads it nor sees it in the history
    expect((await t.inject(importKey, { method: 'GET', url: `/api/admin/import-runs/${ok.run!.id}` })).statusCode).toBe(404);
    const history = await t.inject(importKey, { method: 'GET', url: '/api/admin/import-runs?start=0&length=100' });
    expect(history.json<{ dataset: { kind: string }[] }>().dataset.map((r) => r.kind)).not.toContain('companies');
    // an ERP key could change a company's e-mail and take it over through a password reset
    const wrong = await importFile('companies', 'companies.csv', example('companies'), '', importKey);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'FORBIDDEN', requestId: wrong.res.headers['x-request-id'] });
    expect(await countCompanies(['hanbit-by-key'])).toBe(0);
    const takeover = 'id,company_name,country,email\nhanbit-by-key,Hanbit,KOR,attacker@example.test\n';
    expect((await importFile('companies', 'takeover.csv', takeover, '', importKey)).statusCode).toBe(403);
    expect(await countCompanies(['hanbit-by-key'])).toBe(0);
    const template = (key: string, kind: string) => t.inject(key, { method: 'GET', url: `/api/admin/imports/${kind}/template?format=csv` });
    expect((await template(importKey, 'companies')).statusCode).toBe(403);
    expect((await template(companiesKey, 'companies')).statusCode).toBe(200);
    // the import key still loads settlement, copyright and help data, which a companies key does not
    for (const kind of ['invoices', 'payments', 'copyright-books', 'royalty-customers', 'royalty-lines', 'notices', 'faq', 'help-files']) {
      expect((await template(importKey, kind)).statusCode, kind).toBe(200);
      expect((await template(companiesKey, kind)).statusCode, kind).toBe(403);
    }
    const notices = await importFile('notices', 'notices.csv', example('notices'), '?dryRun=true', importKey);
    expect(notices.statusCode, notices.body).toBe(202);
    expect((await importFile('notices', 'notices.csv', example('notices'), '?dryRun=true', companiesKey)).statusCode).toBe(403);
    const company = await t.createCompany();
    const companyToken = await t.login(company.id, company.password);
    expect((await importFile('companies', 'companies.csv', example('companies'), '?dryRun=true', companyToken)).statusCode).toBe(401);
  });
});
