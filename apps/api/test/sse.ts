/**
 * A Server-Sent Events reader as the web app's (apps/web/src/lib/live.ts) but for tests and benchmarks: one GET of a
 * person's stream, its events parsed as they arrive, waited on by condition. No vitest here, for the benchmarks' sake.
 */
export interface LiveEventSeen {
  id: string;
  type: string;
  [key: string]: unknown;
}

export interface SseStream {
  res: Response;
  /** Every event received, in order. */
  events: LiveEventSeen[];
  /** When each event arrived (performance.now()), by index in `events`. */
  arrivals: number[];
  /** Resolves when `test` holds of the events so far; rejects after `timeoutMs` naming `what`. */
  until(test: (events: LiveEventSeen[]) => boolean, what: string, timeoutMs?: number): Promise<LiveEventSeen[]>;
  /** Resolves when the stream ends (the server went away, or close()). */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, token: string, lastEventId?: string, onEvent?: (event: LiveEventSeen) => void): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  const events: LiveEventSeen[] = [];
  const arrivals: number[] = [];
  const waiters: (() => void)[] = [];
  const wakeAll = () => {
    for (const wake of waiters.splice(0)) wake();
  };
  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
        let end;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (!data) continue;
          const event = JSON.parse(data) as LiveEventSeen;
          events.push(event);
          arrivals.push(performance.now());
          onEvent?.(event);
        }
        wakeAll();
      }
    } catch {
      // Cut off: the server died, or the caller closed it.
    } finally {
      wakeAll();
    }
  })();
  const until = async (test: (events: LiveEventSeen[]) => boolean, what: string, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!test(events)) {
      if (Date.now() > deadline) throw new Error(`no ${what} on the stream; got ${JSON.stringify(events).slice(0, 2000)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return events;
  };
  return { res, events, arrivals, until, ended, close: () => abort.abort() };
}

/** The bodies of the message events among `events`. */
export const messageBodies = (events: LiveEventSeen[]) => events.filter((e) => e.type === 'message').map((e) => (e.message as { body: string }).body);
