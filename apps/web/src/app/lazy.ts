import type { ComponentType } from 'react';
import { loadNamespaces } from '../lib/i18n';
import { withTimeout } from '../lib/with-timeout';

/**
 * A route `lazy` function that loads a module and takes one page component from it. The screen's
 * translation namespace is fetched at the same time, not after the page first renders (one round
 * trip less before the screen can paint).
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType, namespace?: string) {
  return async () => {
    const [m] = await Promise.all([withTimeout(load()), namespace ? loadNamespaces(namespace).catch(() => undefined) : undefined]);
    return { Component: pick(m) };
  };
}
