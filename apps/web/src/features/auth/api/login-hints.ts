import type { TLoginHints } from '@portal/contract';
import { api } from '../../../lib/api-client';

/**
 * GET common/loginHints (public): the demo logins the server has seeded, if any. The login page
 * shows them only from this answer, so a deployment without demo data shows none. (Plain async
 * function, no react-query: the login page's JS stays small.)
 */
export const getLoginHints = (signal?: AbortSignal) => api.get<TLoginHints>('common/loginHints', { signal, auth: false });

/** The request the login route started ahead of the page, and its answer once it is in. */
let early: { promise: Promise<TLoginHints>; answer?: TLoginHints } | undefined;

/**
 * Asks for the hints with the login page's code (its route's loader, app/router.tsx) and resolves when
 * they are in, or after `ms`: the page's first render then shows them, instead of a second render
 * after its own request (the hint was the page's largest text: issue 17). Never fails.
 */
export function prefetchLoginHints(ms: number): Promise<void> {
  const entry: NonNullable<typeof early> = { promise: getLoginHints() };
  early = entry;
  const settled = entry.promise.then(
    (answer) => {
      entry.answer = answer;
    },
    () => undefined,
  );
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
}

/** The route's request, if one was made, handed over once (the page asks itself otherwise). */
export function takeLoginHints() {
  const entry = early;
  early = undefined;
  return entry;
}
