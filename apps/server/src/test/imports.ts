import type { TImportReport, TImportRunDetail } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './helper';
import { multipartFile } from './multipart';

/** What an import came to: the upload's answer, and once its job is over the run and its report. */
export interface ImportResult {
  /** the upload's status: 202 (queued as a job), or its refusal (400, 401, 403, 413, …) */
  statusCode: number;
  res: LightMyRequestResponse;
  /** the finished run (202 only) */
  run?: TImportRunDetail;
  /** the finished run's report (202 only); the refusal's body otherwise */
  json: () => TImportReport;
  body: string;
}

/** The run once its job is over (polled as the console and the CLI do). */
export async function finishedRun(t: TestContext, bearer: string, id: number, timeoutMs = 60_000): Promise<TImportRunDetail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.inject(bearer, { method: 'GET', url: `/api/admin/import-runs/${id}` });
    if (res.statusCode !== 200) throw new Error(`import run ${id}: ${res.statusCode} ${res.body}`);
    const run = res.json<TImportRunDetail>();
    if (run.status === 'done' || run.status === 'failed') return run;
    if (Date.now() > until) throw new Error(`import run ${id} still ${run.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** POST /api/admin/imports/{kind} with one file, as the console sends it, then waits for its job. */
export async function importJob(
  t: TestContext,
  bearer: string,
  kind: string,
  fileName: string,
  data: Buffer | string,
  query = '',
): Promise<ImportResult> {
  const res = await t.inject(bearer, { method: 'POST', url: `/api/admin/imports/${kind}${query}`, ...multipartFile(fileName, data) });
  if (res.statusCode !== 202) return { statusCode: res.statusCode, res, json: () => res.json(), body: res.body };
  const run = await finishedRun(t, bearer, res.json<TImportRunDetail>().id);
  const report = run.report!;
  return { statusCode: res.statusCode, res, run, json: () => report, body: JSON.stringify(run) };
}
