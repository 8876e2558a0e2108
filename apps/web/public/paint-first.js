// The login page's start (issue 17). The server sends /login with the login screen already in it
// (apps/server/src/web-app.ts), and the app's scripts (and the call its first render makes) in a
// <template data-after-paint>: this loads them once the browser has painted that screen. Until then
// the page's stylesheet has the network to itself, and no script evaluation holds back the paint;
// the screen is inert until the app replaces it, so nothing done in it is lost.
const template = document.querySelector('template[data-after-paint]');
let started = false;
const start = () => {
  if (started || !template) return;
  started = true;
  const links = template.content.cloneNode(true);
  const entry = links.querySelector('link[data-entry]')?.getAttribute('href');
  document.head.append(links);
  if (entry) void import(entry);
};
if (document.visibilityState === 'hidden' || !globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
  // a hidden tab paints nothing; a browser that does not report paints cannot be waited for
  start();
} else {
  // the first contentful paint is reported once it is on the screen (a frame painted may still wait for it)
  new PerformanceObserver((list, observer) => {
    if (!list.getEntries().some((e) => e.name === 'first-contentful-paint')) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // a paint that is never reported, or a tab hidden before it painted
  setTimeout(start, 3000);
  document.addEventListener('visibilitychange', start, { once: true });
}
