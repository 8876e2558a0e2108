import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileBlobs } from '../../db/schema';
import { createOperator } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/helper';
import { folderFiles, IMPORT_EXAMPLES, importUpload, zipOf } from './settlement.factories';

/**
 * The payments import with the files in the database (FILE_STORE=postgres): the attachments are written
 * in the import's transaction. On the embedded database (one connection) a write beside it would wait
 * for that transaction forever.
 */

let t: TestContext;
let op: string;
beforeAll(async () => {
  t = await createTestApp({ fileStore: { kind: 'postgres' } });
  const o = await createOperator(t.db);
  op = (await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { id: o.id, password: o.password } })).json().access_token;
});
afterAll(() => t.close());

it('stores the attachments of a payments zip in the database, in the import transaction, and the company downloads them', async () => {
  const hanbit = await t.createCompany({ id: 'hanbit' });
  await t.createCompany({ id: 'editorial-sol' });
  const invoices = await importUpload(t, op, 'invoices', 'invoices.csv', readFileSync(path.join(IMPORT_EXAMPLES, 'invoices.csv')));
  expect(invoices).toMatchObject({ committed: true, created: 3 });
  const files = folderFiles(path.join(IMPORT_EXAMPLES, 'payments'));

  const dry = await importUpload(t, op, 'payments', 'payments.zip', zipOf(files), '?dryRun=true');
  expect(dry).toMatchObject({ committed: false, created: 2 });
  expect(await t.db.select().from(fileBlobs)).toHaveLength(0);

  const report = await importUpload(t, op, 'payments', 'payments.zip', zipOf(files));
  expect(report).toMatchObject({ committed: true, created: 2, errors: [] });
  expect(await t.db.select().from(fileBlobs)).toHaveLength(1);
  const again = await importUpload(t, op, 'payments', 'payments.zip', zipOf(files));
  expect(again).toMatchObject({ committed: true, unchanged: 2 });

  const token = await t.login(hanbit.id, hanbit.password);
  const [payment] = (await t.inject(token, { method: 'GET', url: '/api/calculate/buyPayment?start=0&length=10' })).json().dataset;
  const file = await t.inject(token, {
    method: 'GET',
    url: `/api/common/fileDownload?uploadPath=buy_payment/${payment.idx}&fileName=PAY-2026-0001.txt`,
  });
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.equals(Buffer.from(files['receipts/PAY-2026-0001.txt']!))).toBe(true);
}, 30_000);
