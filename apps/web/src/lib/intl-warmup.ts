/**
 * The first Intl formatter a page builds loads ICU's number, date and region data: 55–130 ms of one
 * task on the main thread of a 2-core machine, four times that on a phone, and it came in the middle
 * of the dashboard's first render (its counters' first figure; issue 17). ICU's data and caches belong
 * to the process, so a worker that builds the same kinds of formatters first, on its own thread, leaves
 * the page's thread 0.1–0.5 ms per formatter (docs/decisions/intl-warmup.md has the figures).
 *
 * Called once at start; the worker ends when it has built them. Without workers it does nothing, and
 * the page builds them itself as before.
 */
export function warmIntl(locale: string) {
  if (typeof Worker === 'undefined') return;
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
