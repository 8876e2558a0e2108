import { ZBoardPost } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boardPost } from '../../../testing/mocks/data';
import { answer, api } from '../../../testing/mocks/handlers';
import { startMockApi } from '../../../testing/mocks/server';
import { renderPage } from '../../../testing/render-page';
import { BoardEditPage } from './board-edit-page';

// The crash the testers found (commit 509bcca): tiptap destroys an editor made during render when its
// component has not mounted 1 ms later, which a time-sliced render (the screen opened inside the app
// once the editor's code had arrived) often exceeds; the content effect then read the destroyed
// editor. jsdom renders too fast to hit that 1 ms, so this stands in for the slow render: an editor
// handed to the first render is destroyed before the component mounts, as tiptap does then.
vi.mock('@tiptap/react', async (importOriginal) => {
  const tiptap = await importOriginal<typeof import('@tiptap/react')>();
  const { useRef } = await import('react');
  return {
    ...tiptap,
    useEditor: (...args: Parameters<typeof tiptap.useEditor>) => {
      const editor = tiptap.useEditor(...args);
      const firstRender = useRef(true);
      if (firstRender.current && editor && !editor.isDestroyed) editor.destroy();
      firstRender.current = false;
      return editor;
    },
  };
});

const server = startMockApi();
/** The editor's code loads lazily (tiptap, ProseMirror): seconds on a loaded machine. */
const SLOW = { timeout: 10_000 };

let sent: { method: string; path: string; body: unknown }[] = [];
let consoleErrors: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  sent = [];
  consoleErrors = vi.spyOn(console, 'error');
  const record = async ({ request }: { request: Request }) => {
    sent.push({ method: request.method, path: new URL(request.url).pathname, body: await request.json() });
    return HttpResponse.json({ idx: 8 });
  };
  server.use(
    http.post(api('help/bbs/qna'), record),
    http.patch(api('help/bbs/qna/7'), record),
    http.get(api('help/bbs/qna/7'), ({ request }) => {
      // the edit screen reads without counting a view
      expect(new URL(request.url).searchParams.get('count_view')).toBe('N');
      return answer(ZBoardPost, boardPost());
    }),
  );
});
afterEach(() => consoleErrors.mockRestore());

const render = (url: string) => renderPage(BoardEditPage, { path: '/help/bbs/:bbs_name/edit/:idx?', url, ns: 'help' });
// typing into jsdom's contenteditable (no layout) may split paragraphs: the words count, in their order
const WRITTEN = /^<p>When are they paid\?<\/p>(<p><\/p>)?$/;
const EDITED = /^<p>More\. ?(<\/p><p>)?The body to edit\.<\/p>$/;
const editor = () => screen.findByRole('textbox', { name: 'Content' }, SLOW);

describe('board editor (mocked API)', { timeout: 30_000 }, () => {
  it('write a post: the missing title and content are named, nothing is sent; then the post is sent and the list opens', async () => {
    const user = userEvent.setup({ delay: null });
    await render('/help/bbs/qna/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Write a post' })).toBeVisible();
    const content = await editor();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText("Please fill out 'Title'.")).not.toHaveLength(0);
    expect(screen.getByText("Please fill out 'Content'.")).toBeVisible();
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText(/^Title/), '  A question about royalties ');
    await user.type(content, 'When are they paid?');
    await waitFor(() => expect(content).toHaveTextContent('When are they paid?'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByTestId('navigated-to', {}, SLOW)).toHaveTextContent('/help/bbs/qna');
    expect(sent).toEqual([
      { method: 'POST', path: '/api/help/bbs/qna', body: { title: 'A question about royalties', content: expect.stringMatching(WRITTEN) } },
    ]);
  });

  it('edit a post: the editor shows the saved body, stays alive (typing changes it) and the change is sent; no crash, no error logged', async () => {
    const user = userEvent.setup({ delay: null });
    await render('/help/bbs/qna/edit/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit the post' }, SLOW)).toBeVisible();
    const content = await editor();
    await waitFor(() => expect(content).toHaveTextContent('The body to edit.'));
    expect(screen.getByLabelText(/^Title/)).toHaveValue('A question');

    // jsdom has no layout: the typing lands at the start of the body
    await user.type(content, 'More. ');
    await waitFor(() => expect(content).toHaveTextContent('More. The body to edit.'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByTestId('navigated-to', {}, SLOW)).toHaveTextContent('/help/bbs/qna');
    expect(sent).toEqual([
      { method: 'PATCH', path: '/api/help/bbs/qna/7', body: { title: 'A question', content: expect.stringMatching(EDITED) } },
    ]);
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    expect(consoleErrors).not.toHaveBeenCalled();
  });
});
