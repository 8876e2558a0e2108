// Browser APIs a whole page uses that jsdom lacks (vitest.setup.ts stubs those of single components).

// document.fonts: Mantine's autosize textarea (the review table's cells) listens for fonts loading
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: Object.assign(new EventTarget(), { ready: Promise.resolve(), status: 'loaded' }),
  });
}
