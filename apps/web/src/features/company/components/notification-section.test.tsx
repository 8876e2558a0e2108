import { fireEvent, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { NotificationSection } from './notification-section';

afterEach(() => vi.unstubAllGlobals());

describe('notification mail switches (issue 18)', () => {
  it('shows the saved switches and saves all four when one is flipped', { timeout: 20_000 }, async () => {
    const saved = { notify_invoice: true, notify_payment: false, notify_qna: true, notify_statement: true, mail_language: null };
    const fetch = vi.fn((_url: string, init?: RequestInit) =>
      Promise.resolve(new Response(init?.method === 'PATCH' ? String(init.body) : JSON.stringify(saved), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetch);
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await i18next.loadNamespaces(['company']);
    await renderWithProviders(
      <QueryClientProvider client={qc}>
        <NotificationSection />
      </QueryClientProvider>,
    );
    await i18next.loadNamespaces(['company']);
    const invoice = await screen.findByRole('switch', { name: 'New invoices (to the invoice e-mail addresses)' });
    await vi.waitFor(() => expect(invoice).toBeEnabled());
    expect(invoice).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Registered payments' })).not.toBeChecked();

    fireEvent.click(invoice);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const [url, init] = fetch.mock.calls[1]!;
    expect(url).toBe('/api/company/notificationSettings');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ ...saved, notify_invoice: false });
    await vi.waitFor(() =>
      expect(screen.getByRole('switch', { name: 'New invoices (to the invoice e-mail addresses)' })).not.toBeChecked(),
    );
  });

  it("chooses the mails' language; none chosen is the language of the company's country", { timeout: 20_000 }, async () => {
    let saved: object = { notify_invoice: true, notify_payment: true, notify_qna: true, notify_statement: true, mail_language: null };
    const fetch = vi.fn((_url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') saved = JSON.parse(String(init.body)) as object;
      return Promise.resolve(new Response(JSON.stringify(saved), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetch);
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await i18next.loadNamespaces(['company']);
    await renderWithProviders(
      <QueryClientProvider client={qc}>
        <NotificationSection />
      </QueryClientProvider>,
    );
    const language = await screen.findByLabelText('Language of the mails', { selector: 'input' });
    await vi.waitFor(() => expect(language).toBeEnabled());
    expect(language).toHaveValue("The language of the company's country");
    fireEvent.click(language);
    fireEvent.click(await screen.findByRole('option', { name: '日本語', hidden: true }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetch.mock.calls[1]![1]?.body))).toMatchObject({ mail_language: 'ja', notify_invoice: true });
  });
});
