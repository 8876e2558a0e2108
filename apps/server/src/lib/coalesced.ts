/**
 * A call shared by concurrent callers where each needs one begun after it did (a barrier): at most one out and
 * one waiting; `gather` delays the first call of a quiet spell; a failure fails the callers that shared it.
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
