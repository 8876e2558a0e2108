import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { ExportMenu } from './export-menu';

describe('settlement export menu (issue 17)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the chosen format with the applied search and the screen language, and saves the file', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(
        new Response('\uFEFFNo.,Code\r\n1,A\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="Invoices.csv"; filename*=UTF-8\'\'Invoices.csv',
          },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await renderWithProviders(<ExportMenu kind="invoices" filter={{ startDate: '2026-01-01', orderTypes: ['onCredit'] }} />, 'ko');
    await i18next.loadNamespaces(['settlement']);
    fireEvent.click(await screen.findByRole('button', { name: '계산서 목록 내보내기' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV (.csv)' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/calculate/exportBuyInvoiceSend');
    expect(JSON.parse(String(init.body))).toEqual({
      search_value: { startDate: '2026-01-01', orderTypes: ['onCredit'] },
      lang: 'ko',
      format: 'csv',
    });
    expect(createObjectURL).toHaveBeenCalled();
  });
});
