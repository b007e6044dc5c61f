import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownOrigin, publicOrigin } from './public-origin.ts';

// Issue 29: the README tells people to open http://localhost:3000; the addresses the app hands out (bKash's
// return, the Google stand-in's issuer, mailed links) must be on that origin, where the session is kept.

const notListening = createServer();
let listening: Server;
let port: number;
beforeAll(async () => {
  listening = createServer();
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  port = (listening.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => listening.close(() => resolve())));

describe('publicOrigin without PUBLIC_URL', () => {
  it.each(['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'])('is http://localhost:<port> for HOST=%s, the address the README says', (host) => {
    expect(publicOrigin(notListening, { publicUrl: undefined, host, port: 3000 })).toBe('http://localhost:3000');
  });

  it('is http://localhost:<port> for a server listening on 127.0.0.1, with the port it really listens on', () => {
    expect(publicOrigin(listening, { publicUrl: undefined, host: '127.0.0.1', port: 0 })).toBe(`http://localhost:${port}`);
  });

  it('is the one address a server listens on when that is not loopback', () => {
    expect(publicOrigin(notListening, { publicUrl: undefined, host: '192.168.1.20', port: 3000 })).toBe('http://192.168.1.20:3000');
    expect(publicOrigin(notListening, { publicUrl: undefined, host: 'fd00::5', port: 3000 })).toBe('http://[fd00::5]:3000');
  });

  it('is PUBLIC_URL when it is set', () => {
    expect(publicOrigin(listening, { publicUrl: 'https://phones.example', host: '127.0.0.1', port })).toBe('https://phones.example');
  });
});

describe('ownOrigin: where the process reaches itself', () => {
  it('is an address, never a name a resolver could send to ::1, and never PUBLIC_URL', () => {
    expect(ownOrigin(listening, { publicUrl: 'https://phones.example', host: '127.0.0.1', port })).toBe(`http://127.0.0.1:${port}`);
    expect(ownOrigin(notListening, { publicUrl: undefined, host: '0.0.0.0', port: 3000 })).toBe('http://127.0.0.1:3000');
  });
});
