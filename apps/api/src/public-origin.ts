import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.ts';

/**
 * Where browsers reach this server, for addresses we hand out (e-mail links, the local
 * provider's issuer): PUBLIC_URL, else the address this process listens on. Never a Host or
 * X-Forwarded-Host header: a client writes those, and a reset link pointing at the client's
 * choice of host would hand it the reset code.
 */
export function publicOrigin(server: Server, config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  const address = server.address() as AddressInfo | null;
  let host = address?.address ?? config.host;
  const port = address?.port ?? config.port;
  if (host === '0.0.0.0' || host === '::' || host === '') host = '127.0.0.1';
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
