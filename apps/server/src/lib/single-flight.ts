/**
 * Keyed single-flight: while a call for a key is running, every other caller of the same key waits
 * for that call and shares its result (or its error) instead of starting the work again. Once it
 * settles the key is free, so the next caller runs the work afresh. Only within this process: work
 * that must happen once across processes also needs a database constraint that decides the race.
 */
export interface SingleFlight<K, V> {
  run(key: K, work: () => Promise<V>): Promise<V>;
}

export function createSingleFlight<K, V>(): SingleFlight<K, V> {
  const inFlight = new Map<K, Promise<V>>();
  return {
    run(key, work) {
      const running = inFlight.get(key);
      if (running) return running;
      const call = (async () => work())().finally(() => inFlight.delete(key));
      inFlight.set(key, call);
      return call;
    },
  };
}
