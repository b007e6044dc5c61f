import type { LiveEvent } from '@market/contract';
import { describe, expect, it, vi } from 'vitest';
import { EventStreamParser, openLive, SeenIds, type StreamEvent } from './live.ts';

/** Issue 33: the live stream's reader (Server-Sent Events over fetch). */

const parse = (chunks: string[]) => {
  const events: StreamEvent[] = [];
  const retries: number[] = [];
  const parser = new EventStreamParser(
    (e) => events.push(e),
    (ms) => retries.push(ms),
  );
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries };
};

describe('the event-stream parser', () => {
  it('reads events split anywhere across chunks, lines ending in LF, CRLF or CR', () => {
    const { events } = parse(['id: 1\nda', 'ta: {"a":', '1}\n', '\nid: 2\r', '\ndata: two\r\rdata: three\n\n']);
    expect(events).toEqual([
      { id: '1', event: 'message', data: '{"a":1}' },
      { id: '2', event: 'message', data: 'two' },
      { id: undefined, event: 'message', data: 'three' },
    ]);
  });

  it('ignores comments and unknown fields, joins data lines, takes retry, and dispatches nothing without data', () => {
    const { events, retries } = parse([': heartbeat\n\n', 'retry: 3000\n\n', 'retry: soon\n\n', 'data: a\ndata:b\nfoo: bar\nevent: ping\n\n', 'id: 9\n\n']);
    expect(retries).toEqual([3000]);
    expect(events).toEqual([{ id: undefined, event: 'ping', data: 'a\nb' }]);
  });

  it('waits for the blank line: a half-sent event is not dispatched', () => {
    const { events } = parse(['id: 1\ndata: x\n']);
    expect(events).toEqual([]);
  });
});

describe('the ids seen', () => {
  it('recognises an id seen among the last ones, and forgets the oldest beyond its size', () => {
    const seen = new SeenIds(3);
    expect(['1', '2', '3'].map((id) => seen.seen(id))).toEqual([false, false, false]);
    expect(seen.seen('2')).toBe(true);
    expect(seen.seen('4')).toBe(false);
    // '1' was the oldest: forgotten.
    expect(seen.seen('1')).toBe(false);
  });
});

/** A response whose body is these chunks, then its end (the connection dropped). */
const streamOf = (chunks: string[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        const encoder = new TextEncoder();
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

const message = (id: string) => `id: ${id}\ndata: ${JSON.stringify({ type: 'notification', id, notificationId: 'n', kind: 'book' })}\n\n`;

describe('the live stream', () => {
  it('sends the token, reconnects after a drop with Last-Event-ID, drops events it saw already, and backs off 1 s doubling to 30 s', async () => {
    const answers: Array<() => Response | Promise<Response>> = [
      () => streamOf(['retry: 1000\n\n', message('1'), message('2')]),
      () => Promise.reject(new TypeError('network down')),
      () => new Response('busy', { status: 503 }),
      // The server sends the last seconds again after a reconnect: 2 is not told twice.
      () => streamOf([message('2'), message('3')]),
    ];
    const requests: { headers: Headers }[] = [];
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      requests.push({ headers: new Headers(init.headers) });
      const next = answers.shift();
      return next ? next() : new Promise<Response>(() => {});
    });
    const waits: number[] = [];
    const events: LiveEvent[] = [];
    const connected: boolean[] = [];
    const live = openLive({
      token: 'the-token',
      fetch: fetch as unknown as typeof globalThis.fetch,
      sleep: async (ms) => {
        waits.push(ms);
      },
      onEvent: (e) => events.push(e),
      onConnected: (c) => connected.push(c),
    });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(5));
    live.close();
    expect(events.map((e) => e.id)).toEqual(['1', '2', '3']);
    expect(requests[0]!.headers.get('authorization')).toBe('the-token');
    expect(requests[0]!.headers.has('last-event-id')).toBe(false);
    expect(requests.slice(1).map((r) => r.headers.get('last-event-id'))).toEqual(['2', '2', '2', '3']);
    // After the first stream: 1 s (its retry); a failure doubles the next wait; an opened stream starts again from 1 s.
    expect(waits).toEqual([1000, 1000, 2000, 1000]);
    expect(connected).toEqual([true, false, true, false]);
  });

  it('backs off to at most 30 s, and stops for a session no longer accepted', async () => {
    let calls = 0;
    const fetch = vi.fn(async () => (++calls <= 7 ? new Response('', { status: 500 }) : new Response('', { status: 401 })));
    const waits: number[] = [];
    const unauthorized = vi.fn();
    openLive({
      token: 't',
      fetch: fetch as unknown as typeof globalThis.fetch,
      sleep: async (ms) => {
        waits.push(ms);
      },
      onEvent: () => {},
      onUnauthorized: unauthorized,
    });
    await vi.waitFor(() => expect(unauthorized).toHaveBeenCalled());
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(fetch).toHaveBeenCalledTimes(8);
  });

  it('stops when closed (signed out): the request is aborted and no reconnect follows', async () => {
    let signal: AbortSignal | undefined;
    const fetch = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const live = openLive({ token: 't', fetch: fetch as unknown as typeof globalThis.fetch, sleep: async () => {}, onEvent: () => {} });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    live.close();
    expect(signal?.aborted).toBe(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
