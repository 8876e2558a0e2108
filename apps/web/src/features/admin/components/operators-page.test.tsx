import { ZOperator, ZOperatorKeyList, ZOperatorList, type TOperator, type TOperatorKey } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, api } from '../../../testing/mocks/handlers';
import { startMockApi } from '../../../testing/mocks/server';
import { renderPage } from '../../../testing/render-page';
import { operatorSession } from '../operator-session';
import { OperatorsPage } from './operators-page';

const server = startMockApi();
const SLOW = { timeout: 10_000 };

const operator = (over: Partial<TOperator>): TOperator => ({
  idx: 1,
  login_id: 'ops.kim',
  name: 'Kim',
  active: true,
  created_at: '2026-01-02T00:00:00Z',
  last_used_at: '2026-12-06T09:30:00Z',
  ...over,
});
const key: TOperatorKey = {
  idx: 7,
  name: 'erp nightly',
  scope: 'import',
  prefix: 'ppk_AbCdEf',
  created_at: '2026-01-03T00:00:00Z',
  revoked_at: null,
  last_used_at: null,
};

let operators: TOperator[] = [];
let posts: { path: string; auth: string | null }[] = [];

beforeEach(() => {
  localStorage.clear();
  operatorSession.store('operator-token', 3600);
  operators = [operator({}), operator({ idx: 2, login_id: 'ops.lee', name: 'Lee', last_used_at: null })];
  posts = [];
  server.use(
    http.get(api('admin/operators'), () => answer(ZOperatorList, { dataset: operators, total_cnt: operators.length })),
    http.get(api('admin/keys'), () => answer(ZOperatorKeyList, { dataset: [key], total_cnt: 1 })),
    http.post(api('admin/operators/:idx/:action'), ({ request, params }) => {
      posts.push({ path: new URL(request.url).pathname, auth: request.headers.get('authorization') });
      const o = operators.find((x) => x.idx === Number(params.idx))!;
      o.active = params.action === 'reactivate';
      return answer(ZOperator, o);
    }),
  );
});

const render = () => renderPage(OperatorsPage, { path: '/admin/operators', url: '/admin/operators', ns: 'admin' });
const rows = (table: string) => within(screen.getByTestId(table)).getAllByTestId('table-row');

describe('operators and keys (mocked API, issue 56)', { timeout: 30_000 }, () => {
  it('lists operators and keys with their last use, and deactivates then reactivates an operator after a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    await render();
    await waitFor(() => expect(rows('operators-table')).toHaveLength(2), SLOW);
    expect(within(screen.getByTestId('operators-table')).getByRole('columnheader', { name: 'Last used' })).toBeInTheDocument();
    expect(within(screen.getByTestId('keys-table')).getByRole('columnheader', { name: 'Last used' })).toBeInTheDocument();
    expect(rows('operators-table')[0]).toHaveTextContent('2026');
    expect(rows('operators-table')[1]).toHaveTextContent('Never');
    await waitFor(() => expect(rows('keys-table')).toHaveLength(1), SLOW);
    expect(rows('keys-table')[0]).toHaveTextContent('erp nightly');
    expect(rows('keys-table')[0]).toHaveTextContent('Never');

    await user.click(within(rows('operators-table')[1]!).getByRole('button', { name: 'Deactivate operator ops.lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate ops.lee?' });
    await user.click(within(dialog).getByTestId('confirm-operator-active'));
    await waitFor(() => expect(within(rows('operators-table')[1]!).getByTestId('operator-status')).toHaveTextContent('Deactivated'), SLOW);

    await user.click(within(rows('operators-table')[1]!).getByRole('button', { name: 'Reactivate operator ops.lee' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reactivate ops.lee?' })).getByTestId('confirm-operator-active'));
    await waitFor(() => expect(within(rows('operators-table')[1]!).getByTestId('operator-status')).toHaveTextContent('Active'), SLOW);
    expect(posts).toEqual([
      { path: '/api/admin/operators/2/deactivate', auth: 'Bearer operator-token' },
      { path: '/api/admin/operators/2/reactivate', auth: 'Bearer operator-token' },
    ]);
  });
});
