/**
 * A call that concurrent callers share, where each caller needs one that began after it did: a barrier (an
 * empty command on a connection is answered after everything that reached it before). While a call is out it
 * may have begun before a later caller, so that caller waits for the next one, which begins when the one out
 * is back and is shared by every caller that arrived meanwhile: at most one call out and one waiting, however
 * many callers. `gather` delays the first call of a quiet spell (setImmediate: every caller of this turn of
 * the event loop shares it). A failed call fails the callers that shared it; the next one runs as usual.
 */
export function coalesced<T>(call: () => Promise<T>, gather: () => Promise<void> = () => Promise.resolve()): () => Promise<T> {
  /** the call out now (begun: only callers that arrived before it began may share it) */
  let out: Promise<T> | null = null;
  /** the call not begun yet: shared by every caller until it begins */
  let next: Promise<T> | null = null;
  const begin = () => {
    next = null;
    const run = call();
    out = run;
    const done = () => {
      if (out === run) out = null;
    };
    void run.then(done, done);
    return run;
  };
  return () => (next ??= out ? out.then(begin, begin) : gather().then(begin));
}
