import type { ComponentType } from 'react';
import { loadNamespaces } from '../lib/i18n';

/** Spec §8/§9: a lazily loaded screen part that has not arrived after 120 s raises a load error. */
export const LAZY_TIMEOUT_MS = 120_000;

export function withTimeout<T>(promise: Promise<T>, ms = LAZY_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`lazy load timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

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
