import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { listening } from './google.ts';
import { useTestApp } from './helper.ts';

/**
 * Node's HTTP timeouts as this app sets them: a body that dribbles in, or headers that never end,
 * are cut off with a 408 in our error shape, and idle kept-alive connections are closed.
 * Short limits here; the defaults (30 s request, 10 s headers, 5 s keep-alive) are in config.test.ts.
 * What is asserted is which limit cut the connection, not how long it took (Node looks every second, and a
 * loaded machine answers later): never before the limit, while the client was still sending.
 */
const ctx = useTestApp({ timeouts: { request: 1500, headers: 1000, keepAlive: 400, idle: 10_000 } });

interface Outcome {
  response: string;
  elapsedMs: number;
  /** How much of the dribbled part had been sent when the server closed the connection. */
  sent: number;
}

/** Opens a raw connection, writes `head`, then one byte of `body` every `everyMs`, until the server answers and closes. */
async function dribble(port: number, head: string, body: string, everyMs: number): Promise<Outcome> {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const started = Date.now();
  let response = '';
  socket.on('data', (chunk) => (response += chunk.toString()));
  socket.write(head);
  let sent = 0;
  const timer = setInterval(() => {
    if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
  }, everyMs);
  await new Promise<void>((resolve) => socket.once('close', () => resolve()));
  clearInterval(timer);
  return { response, elapsedMs: Date.now() - started, sent };
}

const jsonOf = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));

describe('HTTP timeouts', () => {
  it('cuts off a body sent one byte at a time with a 408 soon after the request limit, and nothing is created', async () => {
    const port = Number(new URL(await listening(ctx.app)).port);
    const body = JSON.stringify({ name: 'Slow Loris', email: 'slow@example.com', password: 'secret1', role: 'Buyer', userImg: '/uploads/x.webp' });
    const head = `POST /api/user HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { response, elapsedMs, sent } = await dribble(port, head, body, 200);
    expect(response).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(jsonOf(response)).toEqual({
      success: false,
      message: 'The request took too long to arrive: send it again on a steadier connection',
      massage: 'The request took too long to arrive: send it again on a steadier connection',
      code: 'request_timeout',
    });
    // Not before the request limit, and cut off while the body was still arriving (all of it takes 26 s).
    expect(elapsedMs).toBeGreaterThanOrEqual(1400);
    expect(sent).toBeLessThan(body.length);
    expect(await ctx.app.db.select().from(users)).toEqual([]);
  });

  it('cuts off headers that never end', async () => {
    const port = Number(new URL(await listening(ctx.app)).port);
    const header = 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    const { response, elapsedMs, sent } = await dribble(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', header, 100);
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    // Not before the headers limit, and cut off while the header was still arriving (all of it takes 7 s).
    expect(elapsedMs).toBeGreaterThanOrEqual(900);
    expect(sent).toBeLessThan(header.length);
  });

  it('closes an idle kept-alive connection after the keep-alive limit', async () => {
    const port = Number(new URL(await listening(ctx.app)).port);
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let response = '';
    socket.on('data', (chunk) => (response += chunk.toString()));
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const answeredAt = await new Promise<number>((resolve) => socket.once('data', () => resolve(Date.now())));
    let endedByServer = false;
    socket.once('end', () => (endedByServer = true));
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    // The server ended it, by the keep-alive limit: long before the idle limit would have.
    expect(endedByServer).toBe(true);
    expect(Date.now() - answeredAt).toBeLessThan(ctx.config.timeouts.idle);
  });

  it('the server carries the configured limits', () => {
    expect(ctx.app.server.requestTimeout).toBe(1500);
    expect(ctx.app.server.headersTimeout).toBe(1000);
    expect(ctx.app.server.keepAliveTimeout).toBe(400);
    expect(ctx.app.server.timeout).toBe(10_000);
  });
});
