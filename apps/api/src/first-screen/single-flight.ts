/**
 * One run per key while it runs: callers that ask for the same key meanwhile share its promise (a burst
 * of visitors to one phone's page renders it once, and its seller's profile is counted once). Keys name
 * the public cache's generation, so nothing begun before a write is handed to a caller who came after it.
 */
export function singleFlight<T>() {
  const running = new Map<string, Promise<T>>();
  return (key: string, run: () => Promise<T>): Promise<T> => {
    let shared = running.get(key);
    if (!shared) {
      shared = run().finally(() => running.delete(key));
      running.set(key, shared);
    }
    return shared;
  };
}

/** One single-flight per app (tests build many apps in one process). */
export function perApp<A extends object, T>(): (app: A) => ReturnType<typeof singleFlight<T>> {
  const flights = new WeakMap<A, ReturnType<typeof singleFlight<T>>>();
  return (app) => {
    let flight = flights.get(app);
    if (!flight) flights.set(app, (flight = singleFlight<T>()));
    return flight;
  };
}
