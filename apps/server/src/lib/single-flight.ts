/** Keyed single-flight in this process: callers of a running key share its result or error. */
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
