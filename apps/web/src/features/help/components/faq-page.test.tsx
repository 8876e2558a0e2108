import { ZFaqResponse, type TFaqEntry, type TFaqResponse } from '@portal/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '../../../lib/i18n';
import { answer, api } from '../../../testing/mocks/handlers';
import { startMockApi } from '../../../testing/mocks/server';
import { renderPage } from '../../../testing/render-page';
import { FaqPage } from './faq-page';

const server = startMockApi();

const entry = (tab: TFaqEntry['tab'], ref: string, question: string, answer: string): TFaqEntry => ({
  tab,
  ref,
  position: 1,
  question,
  answer,
});
const FAQ: Record<string, TFaqEntry[]> = {
  en: [
    entry('bugs', 'q1', 'The invoice PDF does not download.', 'Allow downloads.'),
    entry('shipping', 'q1', 'When are orders shipped?', 'The same working day.\nExcept on holidays.'),
  ],
  // Korean has the Bugs tab only: its Shipping tab shows the English entries
  ko: [entry('bugs', 'q1', '세금계산서 PDF가 다운로드되지 않습니다.', '다운로드를 허용해 주세요.')],
  ja: [],
};

let asked: string[] = [];
const serve = (faq: Record<string, TFaqEntry[]>) =>
  server.use(
    http.get(api('help/faq'), ({ request }) => {
      const lang = new URL(request.url).searchParams.get('lang') ?? 'en';
      asked.push(lang);
      return answer(ZFaqResponse, { language: lang, entries: faq[lang] ?? [] } as TFaqResponse);
    }),
  );

async function render(lng: string) {
  asked = [];
  return renderPage(FaqPage, { path: '/help/faq', url: '/help/faq', ns: 'help', lng });
}
afterEach(() => i18next.changeLanguage('en'));

describe('FAQ page (mocked API)', () => {
  it('shows the entries of the language, collapsible, and asks nothing more when every tab has some', async () => {
    serve(FAQ);
    const user = userEvent.setup({ delay: null });
    await render('en');
    const q = await screen.findByRole('button', { name: 'The invoice PDF does not download.' });
    expect(q).toHaveAttribute('aria-expanded', 'false');
    await user.click(q);
    expect(q).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Allow downloads.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Shipping' }));
    await user.click(await screen.findByRole('button', { name: 'When are orders shipped?' }));
    // plain text: its line break is kept (pre-line), never read as HTML
    expect(screen.getByText(/The same working day\./).textContent).toBe('The same working day.\nExcept on holidays.');
    expect(asked).toEqual(['en']);
  });

  it('in Korean: the Korean entries, and the English ones in a tab that has no Korean entry', async () => {
    serve(FAQ);
    const user = userEvent.setup({ delay: null });
    await render('ko');
    expect(await screen.findByRole('button', { name: '세금계산서 PDF가 다운로드되지 않습니다.' })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: '배송' }));
    expect(await screen.findByRole('button', { name: 'When are orders shipped?' })).toBeVisible();
    expect(asked).toEqual(['ko', 'en']);
  });

  it('says so when neither the language nor English has entries in a tab', async () => {
    serve({ en: [], ja: [] });
    await render('ja');
    expect(await screen.findByTestId('faq-bugs-empty')).toHaveTextContent('このタブにはまだ質問がありません。');
  });

  it('a failed call shows the communication message and retries', async () => {
    let calls = 0;
    server.use(
      http.get(api('help/faq'), () => {
        calls++;
        return calls === 1
          ? HttpResponse.json({ code: 'INTERNAL', message: 'x' }, { status: 500 })
          : answer(ZFaqResponse, { language: 'en', entries: FAQ.en! });
      }),
    );
    const user = userEvent.setup({ delay: null });
    await render('en');
    expect(await screen.findByTestId('faq-error')).toHaveTextContent('An error occurred during API communication.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'The invoice PDF does not download.' })).toBeVisible();
  });
});
