// Browser APIs a whole page uses that jsdom lacks (vitest.setup.ts stubs those of single components).

// document.fonts: Mantine's autosize textarea (the review table's cells) listens for fonts loading
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: Object.assign(new EventTarget(), { ready: Promise.resolve(), status: 'loaded' }),
  });
}

// layout queries of the rich text editor (ProseMirror maps clicks and the selection to positions)
document.elementFromPoint ??= () => null;
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
