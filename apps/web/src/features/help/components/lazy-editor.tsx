import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { withTimeout } from '../../../lib/with-timeout';
import type { RichTextInputProps } from './rich-text-input';

const RichTextInput = lazy(() => withTimeout(import('./rich-text-input')));

/** The editor is heavy (tiptap + ProseMirror): loaded only on the screens that write. */
export function LazyRichTextInput(props: RichTextInputProps) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <RichTextInput {...props} />
    </Suspense>
  );
}

/** The visible text of some HTML: empty when only tags and spaces are left (spec §5). */
export function htmlIsEmpty(html: string) {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\u00a0|\u200b/g, ' ').trim() === '';
}
