import { ZImportRunDetail, ZImportRunList, type TImportReport, type TImportRun, type TImportRunDetail } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, api } from '../../../testing/mocks/handlers';
import { startMockApi } from '../../../testing/mocks/server';
import { renderPage } from '../../../testing/render-page';
import { operatorSession } from '../operator-session';
import { ImportPage } from './import-page';

const server = startMockApi();
const SLOW = { timeout: 10_000 };

const report = (over: Partial<TImportReport>): TImportReport => ({
  kind: 'companies',
  run_id: 1,
  dry_run: true,
  committed: false,
  rows: 3,
  created: 2,
  updated: 1,
  unchanged: 0,
  errors: [],
  ...over,
});

const run = (over: Partial<TImportRun>): TImportRun => ({
  id: 7,
  kind: 'companies',
  actor_kind: 'operator',
  actor: 'operator',
  file_name: 'old.csv',
  dry_run: false,
  committed: false,
  rows: 2,
  created: 0,
  updated: 0,
  unchanged: 0,
  error_count: 1,
  at: '2026-11-20T10:00:00Z',
  status: 'done',
  phase: 'finished',
  rows_read: 2,
  rows_written: 0,
  finished_at: '2026-11-20T10:00:01Z',
  ...over,
});

/**
 * The server's job flow (issue 56): POST answers 202 with the run queued; the run is then running (once,
 * with `progress`), then done with `final` as its report.
 */
function jobFlow(final: (kind: string, dryRun: boolean) => TImportReport, progress = { rows_read: 1000, rows_written: 500 }) {
  const runs = new Map<number, { polls: number; report: TImportReport }>();
  let next = 40;
  return [
    http.post(api('admin/imports/:kind'), ({ request, params }) => {
      const url = new URL(request.url);
      calls.push({ method: 'POST', path: url.pathname, query: url.searchParams, auth: request.headers.get('authorization') });
      const id = next++;
      const r = final(String(params.kind), url.searchParams.get('dryRun') === 'true');
      runs.set(id, { polls: 0, report: { ...r, run_id: id } });
      const queued: TImportRunDetail = { ...run({ id, status: 'queued', phase: 'queued', rows_read: 0, finished_at: null }), report: null };
      return HttpResponse.json(ZImportRunDetail.parse(queued), { status: 202 });
    }),
    http.get(api('admin/import-runs/:id'), ({ params }) => {
      const id = Number(params.id);
      const job = runs.get(id);
      if (!job) return undefined;
      job.polls++;
      const detail: TImportRunDetail =
        job.polls === 1
          ? { ...run({ id, status: 'running', phase: 'reading', ...progress, finished_at: null }), report: null }
          : { ...run({ id, committed: job.report.committed, rows_read: job.report.rows }), report: job.report };
      return answer(ZImportRunDetail, detail);
    }),
  ];
}

/** Every call the page made: method, path, query and the authorization header. */
let calls: { method: string; path: string; query: URLSearchParams; auth: string | null }[] = [];

beforeEach(() => {
  calls = [];
  localStorage.clear();
  operatorSession.store('operator-token', 3600);
  localStorage.setItem('portal.token', 'company-token');
  server.use(
    http.get(api('admin/import-runs'), ({ request }) => {
      calls.push({
        method: 'GET',
        path: new URL(request.url).pathname,
        query: new URL(request.url).searchParams,
        auth: request.headers.get('authorization'),
      });
      return answer(ZImportRunList, { dataset: [run({})], total_cnt: 1 });
    }),
  );
});

afterEach(() => vi.restoreAllMocks());

const render = () => renderPage(ImportPage, { path: '/admin/imports', url: '/admin/imports', ns: 'admin' });
const csv = () => new File(['id,company_name,country\nhanbit,Hanbit,KOR\n'], 'companies.csv', { type: 'text/csv' });

describe('import centre (mocked API)', { timeout: 30_000 }, () => {
  it('dry run → report without errors → Import: both sent with the operator token, the kind and the UI language', async () => {
    server.use(...jobFlow((kind, dry) => report({ kind, dry_run: dry, committed: !dry })));
    const append = vi.spyOn(FormData.prototype, 'append');
    const file = csv();
    const user = userEvent.setup({ delay: null });
    await render();
    await user.upload(screen.getByTestId('import-file'), file);
    expect(screen.getByTestId('import-chosen')).toHaveTextContent('companies.csv');
    await user.click(screen.getByTestId('import-dry-run'));
    // the job's progress while it runs: phase, rows read, rows written
    expect(await screen.findByText('Checking and writing the rows: 1,000 read, 500 written…', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('import-job')).toHaveTextContent('Import run 40: 1,000 rows read, 500 written');

    const dry = await screen.findByTestId('import-report', {}, SLOW);
    expect(dry).toHaveAttribute('data-outcome', 'dry');
    expect(within(dry).getByTestId('count-created')).toHaveTextContent('2');
    expect(within(dry).getByTestId('count-updated')).toHaveTextContent('1');
    expect(within(dry).getByTestId('import-no-errors')).toBeInTheDocument();
    // the report takes the focus (screen readers read it)
    await waitFor(() => expect(dry).toHaveFocus());

    await user.click(screen.getByTestId('import-commit'));
    await waitFor(() => expect(screen.getByTestId('import-report')).toHaveAttribute('data-outcome', 'committed'), SLOW);
    expect(await screen.findByText('Imported: 2 created, 1 updated, 0 unchanged.', {}, SLOW)).toBeInTheDocument();

    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.path, c.query.get('dryRun'), c.query.get('lang'), c.query.get('encoding'), c.auth])).toEqual([
      ['/api/admin/imports/companies', 'true', 'en', 'auto', 'Bearer operator-token'],
      ['/api/admin/imports/companies', 'false', 'en', 'auto', 'Bearer operator-token'],
    ]);
    // the multipart part as built (jsdom's XMLHttpRequest loses a FormData body on its way to the mock;
    // the e2e spec sees the file and its name arrive on the real server)
    expect(append).toHaveBeenCalledWith('file', file, 'companies.csv');
    // the history asked with the operator token, never the company's
    expect(calls.filter((c) => c.method === 'GET').every((c) => c.auth === 'Bearer operator-token')).toBe(true);
  });

  it('a report with bad rows lists row, column and message, and offers no import', async () => {
    server.use(
      ...jobFlow(() =>
        report({
          rows: 3,
          created: 0,
          updated: 0,
          errors: [
            { row: 3, column: 'country', message: 'Unknown country code.' },
            { row: 4, column: 'id', message: 'Letters, digits and . _ @ - only.' },
          ],
        }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await render();
    await user.upload(screen.getByTestId('import-file'), csv());
    // a CP949 file named as such (the server detects it too)
    await user.click(screen.getByTestId('import-encoding'));
    await user.click(await screen.findByRole('option', { name: 'Korean (CP949 / EUC-KR)', hidden: true }, SLOW));
    await user.click(screen.getByTestId('import-dry-run'));
    const rep = await screen.findByTestId('import-report', {}, SLOW);
    expect(rep).toHaveAttribute('data-outcome', 'rejected');
    const table = within(rep).getByRole('table', { name: 'Rows with errors' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['3', 'country', 'Unknown country code.'],
      ['4', 'id', 'Letters, digits and . _ @ - only.'],
    ]);
    expect(within(rep).getByTestId('count-errorCount')).toHaveTextContent('2');
    expect(screen.queryByTestId('import-commit')).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.query.get('encoding')).toBe('euc-kr');
  });

  it('a run that could not finish (its server stopped) shows its message, and no report', async () => {
    server.use(
      http.post(api('admin/imports/:kind'), () =>
        HttpResponse.json(
          ZImportRunDetail.parse({ ...run({ id: 9, status: 'queued', phase: 'queued', finished_at: null }), report: null }),
          {
            status: 202,
          },
        ),
      ),
      http.get(api('admin/import-runs/9'), () =>
        answer(ZImportRunDetail, {
          ...run({ id: 9, status: 'failed' }),
          report: report({ errors: [{ row: 0, column: '', message: 'The import stopped before it finished.' }] }),
        }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await render();
    await user.upload(screen.getByTestId('import-file'), csv());
    await user.click(screen.getByTestId('import-dry-run'));
    expect(await screen.findByTestId('import-failure', {}, SLOW)).toHaveTextContent('The import stopped before it finished.');
    expect(screen.queryByTestId('import-report')).not.toBeInTheDocument();
  });

  it('a kind the server does not have yet (404) says so', async () => {
    server.use(
      http.post(api('admin/imports/:kind'), () => HttpResponse.json({ code: 'NOT_FOUND', message: 'no', requestId: 'r' }, { status: 404 })),
    );
    const user = userEvent.setup({ delay: null });
    await render();
    await user.upload(screen.getByTestId('import-file'), csv());
    await user.click(screen.getByTestId('import-dry-run'));
    expect(await screen.findByTestId('import-failure', {}, SLOW)).toHaveTextContent(
      'This kind of import is not available on the server yet.',
    );
    expect(screen.queryByTestId('import-report')).not.toBeInTheDocument();
  });

  it('the history lists the runs and opens a kept report', async () => {
    server.use(
      http.get(api('admin/import-runs/7'), () =>
        answer(ZImportRunDetail, {
          ...run({}),
          report: report({
            dry_run: false,
            committed: false,
            created: 0,
            updated: 0,
            errors: [{ row: 2, column: 'country', message: 'Bad country' }],
          }),
        }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    await render();
    const history = await screen.findByTestId('import-history');
    const row = await within(history).findByText('old.csv', {}, SLOW);
    expect(row.closest('tr')).toHaveTextContent('Rejected (1)');
    await user.click(within(history).getByRole('button', { name: 'Open the report of old.csv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report of old.csv' }, SLOW);
    expect(await within(dialog).findByText('Bad country', {}, SLOW)).toBeInTheDocument();
  });
});
