import { lazy } from 'react';
// the stylesheet of @mantine/dates as a file of its own, linked when a calendar first opens
// (the app's one stylesheet, loaded by every page including login, stays as it was)
import datesCssUrl from '@mantine/dates/styles.css?url';

let css: Promise<void> | undefined;
function loadCss() {
  css ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = datesCssUrl;
    // a stylesheet that fails to load leaves the calendar plain, not missing
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
  return css;
}

/** The calendar component (@mantine/dates, dayjs), loaded with its stylesheet when first opened. */
export const LazyRangeCalendar = lazy(async () => {
  const [mod] = await Promise.all([import('./range-calendar'), loadCss()]);
  return mod;
});
