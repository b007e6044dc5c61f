import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.ts';

type Where = Pick<Config, 'publicUrl' | 'host' | 'port'>;
const wildcard = (host: string) => host === '0.0.0.0' || host === '::' || host === '';
const loopback = (host: string) => /^(localhost|127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/i.test(host);
const origin = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

function listening(server: Server, config: Where) {
  const address = server.address() as AddressInfo | null;
  return { host: address?.address ?? config.host, port: address?.port ?? config.port };
}

/**
 * Where browsers reach this server, for addresses we hand out (e-mail links, bKash's return, the local
 * provider's issuer, canonical links): PUBLIC_URL, else `http://localhost:<port>` when we listen on every
 * interface or on loopback — the address the README tells people to open, so a flow that leaves the site
 * comes back to the origin whose storage holds the session (127.0.0.1 would be another origin) — else the one
 * address we listen on. Never a Host or X-Forwarded-Host header: a client writes those, and a reset link
 * pointing at the client's choice of host would hand it the reset code.
 */
export function publicOrigin(server: Server, config: Where): string {
  if (config.publicUrl) return config.publicUrl;
  const { host, port } = listening(server, config);
  return wildcard(host) || loopback(host) ? `http://localhost:${port}` : origin(host, port);
}

/**
 * Where this process reaches itself (the bKash stand-in it calls as a merchant): the address it listens on,
 * with an address rather than a name, so no resolver can send the call to ::1 while we listen on 127.0.0.1.
 */
export function ownOrigin(server: Server, config: Where): string {
  const { host, port } = listening(server, config);
  return origin(wildcard(host) ? '127.0.0.1' : host, port);
}
