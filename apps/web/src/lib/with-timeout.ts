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
