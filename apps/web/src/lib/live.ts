import type { LiveEvent } from '@market/contract';
import { pathOf } from './endpoint.ts';

/*
 * The signed-in person's live stream (issue 33): Server-Sent Events read over fetch, since EventSource cannot send
 * the Authorization header. The server numbers each event (`id:`); after a drop the reader asks again with the last
 * number it saw (Last-Event-ID) and gets what it missed, maybe with the last few seconds again, which it drops
 * by their ids.
 */

/** One event of a text/event-stream: its data (the `data:` lines joined), and its `id:` when it came with one. */
export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream as it arrives, chunk by chunk (an event, even a line, may be split anywhere): lines
 * end in LF, CRLF or CR; `data:` lines add to the event, `id:` names it, `event:` types it, `retry:` says how long to
 * wait before reconnecting; a blank line ends the event (one without data is no event); lines that start with ':'
 * are comments (the server's heartbeats), unknown fields are ignored (the HTML standard's rules).
 */
export class EventStreamParser {
  private buffer = '';
  /** The last chunk ended in CR: an LF that starts the next one ends the same line. */
  private afterCr = false;
  private data: string[] = [];
  private id: string | undefined;
  private event = '';

  private readonly onEvent: (event: StreamEvent) => void;
  private readonly onRetry: (ms: number) => void;

  constructor(onEvent: (event: StreamEvent) => void, onRetry: (ms: number) => void = () => {}) {
    this.onEvent = onEvent;
    this.onRetry = onRetry;
  }

  push(chunk: string) {
    let text = chunk;
    if (this.afterCr && text.startsWith('\n')) text = text.slice(1);
    this.afterCr = false;
    this.buffer += text;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      this.line(this.buffer.slice(start, i));
      if (c === '\r') {
        if (i + 1 === this.buffer.length) this.afterCr = true;
        else if (this.buffer[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
  }

  /** Forgets a half-read event (the connection dropped in the middle of it). */
  reset() {
    this.buffer = '';
    this.afterCr = false;
    this.data = [];
    this.id = undefined;
    this.event = '';
  }

  private line(line: string) {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'id') {
      if (!value.includes('\0')) this.id = value;
    } else if (field === 'event') this.event = value;
    else if (field === 'retry') {
      if (/^\d+$/.test(value)) this.onRetry(Number(value));
    }
  }

  private dispatch() {
    const event = { id: this.id, event: this.event || 'message', data: this.data.join('\n') };
    const had = this.data.length > 0;
    this.data = [];
    this.id = undefined;
    this.event = '';
    if (had) this.onEvent(event);
  }
}

/** The ids of the last `size` events seen: a resent one is recognised, and memory stays bounded. */
export class SeenIds {
  private readonly set = new Set<string>();
  private readonly order: string[] = [];
  private readonly size: number;

  constructor(size = 500) {
    this.size = size;
  }

  /** Whether `id` was seen before; remembers it. */
  seen(id: string): boolean {
    if (this.set.has(id)) return true;
    this.set.add(id);
    this.order.push(id);
    if (this.order.length > this.size) this.set.delete(this.order.shift()!);
    return false;
  }
}

export interface LiveOptions {
  /** The session's token (sent raw, as every call: lib/api.ts). */
  token: string;
  onEvent(event: LiveEvent): void;
  /** The stream is open (true) or dropped and waiting to reconnect, or closed (false). */
  onConnected?(connected: boolean): void;
  /** The session is no longer accepted (401): the stream stops, the app's other calls sign out. */
  onUnauthorized?(): void;
  fetch?: typeof fetch;
  /** Waits between tries (tests make it instant). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The first wait after a drop, doubled after each failed try up to `maxDelayMs`; `retry:` sets the first. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Opens the live stream and keeps it open: after a drop it waits (1 s, doubling to 30 s; back to the start once a
 * stream opens) and reconnects with Last-Event-ID. Events already seen (the last 500 ids) are dropped; data that is
 * not JSON is ignored. `close()` ends it (on sign-out).
 */
export function openLive(options: LiveOptions): { close(): void } {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? pause;
  const maxDelay = options.maxDelayMs ?? 30_000;
  let minDelay = options.minDelayMs ?? 1_000;
  let delay = minDelay;
  let lastId: string | undefined;
  const seen = new SeenIds();
  const stop = new AbortController();

  const parser = new EventStreamParser(
    (event) => {
      if (event.id !== undefined) {
        if (event.id !== '') lastId = event.id;
        if (event.id !== '' && seen.seen(event.id)) return;
      }
      let parsed: LiveEvent;
      try {
        parsed = JSON.parse(event.data) as LiveEvent;
      } catch {
        return;
      }
      if (parsed && typeof parsed === 'object' && typeof parsed.type === 'string') options.onEvent(parsed);
    },
    (ms) => {
      minDelay = Math.min(ms, maxDelay);
      delay = minDelay;
    },
  );

  /** Reads one connection to its end; true when it opened (the wait starts again from the shortest). */
  const connect = async (): Promise<'opened' | 'failed' | 'unauthorized'> => {
    const headers: Record<string, string> = { authorization: options.token, accept: 'text/event-stream' };
    if (lastId !== undefined) headers['last-event-id'] = lastId;
    let response: Response;
    try {
      response = await doFetch(pathOf('liveEvents'), { headers, signal: stop.signal, cache: 'no-store' });
    } catch {
      return 'failed';
    }
    if (response.status === 401) return 'unauthorized';
    if (!response.ok || !response.body) return 'failed';
    options.onConnected?.(true);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    parser.reset();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Dropped (or closed by us): reconnect unless stopped.
    } finally {
      options.onConnected?.(false);
    }
    return 'opened';
  };

  void (async () => {
    while (!stop.signal.aborted) {
      const result = await connect();
      if (stop.signal.aborted) break;
      if (result === 'unauthorized') {
        options.onUnauthorized?.();
        break;
      }
      if (result === 'opened') delay = minDelay;
      await sleep(delay, stop.signal);
      if (result === 'failed') delay = Math.min(delay * 2, maxDelay);
    }
  })();

  return { close: () => stop.abort() };
}
