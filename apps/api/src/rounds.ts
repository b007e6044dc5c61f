import type { FastifyBaseLogger } from 'fastify';

/** A background worker's rounds: one at a time, every `pollMs`, and soon after a nudge. */
export interface Rounds {
  /** Runs a round now (or, while one is under way, the round after it); answers how many items it handled. */
  run(): Promise<number>;
  /** Asks for a round soon (after a request queued work). */
  nudge(): void;
  /** Stops the timer and waits for the round under way. */
  close(): Promise<void>;
}

/**
 * Repeats `round` every `pollMs` and whenever nudged, never two at once. A round under way may have looked
 * before the caller's work existed: the caller then waits for a round after it. A failed round is logged.
 */
export function repeatRounds(round: () => Promise<number>, opts: { pollMs: number; log: FastifyBaseLogger; what: string }): Rounds {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let next: Promise<number> | undefined;
  let closed = false;

  function run(): Promise<number> {
    if (running) {
      return (next ??= running.then(() => {
        next = undefined;
        return closed ? 0 : run();
      }));
    }
    running = round()
      .catch((err: unknown) => {
        if (!closed) opts.log.error({ err }, `${opts.what} round failed`);
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => void run().finally(schedule), opts.pollMs);
    timer.unref();
  };
  schedule();

  return {
    run,
    nudge: () => void run(),
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
