/**
 * The first Intl formatter a page builds loads ICU's number, date and region data: 30–160 ms of one
 * task on the main thread of a 2-core machine, four times that on a phone, and it came in the middle
 * of the dashboard's first render (its counters' first figure; issue 17). ICU's data and caches belong
 * to the process, so a worker that builds the same kinds of formatters first, on its own thread, leaves
 * the page's thread 0.1–0.5 ms per formatter (docs/decisions/intl-warmup.md has the figures).
 *
 * Started by the first screen of the app's layout, with its code and calls (app/router.tsx): while the
 * page waits for them, not while it starts (on /login, which formats nothing, a worker started with
 * the app took CPU from the page's own start on a 2-core machine). Once per page; the worker ends when
 * it has built them. Without workers it does nothing, and the page builds them itself as before.
 */
let started = false;
export function warmIntl(locale: string) {
  if (started || typeof Worker === 'undefined') return;
  started = true;
  try {
    const worker = new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), { type: 'module', name: 'intl-warmup' });
    const end = () => worker.terminate();
    worker.onmessage = end;
    worker.onerror = end;
    worker.postMessage(locale);
  } catch {
    // a worker refused (a browser policy): the formatters are built on first use, as without one
  }
}
