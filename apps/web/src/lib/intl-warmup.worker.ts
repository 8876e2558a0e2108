/**
 * Worker side of lib/intl-warmup.ts: builds one formatter of each Intl kind the screens use, in the
 * locale it is sent, then answers. ICU's data and caches are the process's, not this thread's: once
 * built here, the same formatters cost the page's own thread a fraction of a millisecond.
 */
export function buildFormatters(locale: string) {
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1234.5);
  new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: '2-digit' }).format(0);
  new Intl.PluralRules(locale).select(2);
  new Intl.DisplayNames([locale], { type: 'region' }).of('KR');
  new Intl.DisplayNames([locale], { type: 'currency' }).of('KRW');
}

// In the worker only (it has no window); the tests import buildFormatters in a page's scope.
if (typeof window === 'undefined' && typeof self !== 'undefined') {
  self.onmessage = ({ data }: MessageEvent<string>) => {
    try {
      buildFormatters(data);
    } finally {
      self.postMessage('built');
    }
  };
}
