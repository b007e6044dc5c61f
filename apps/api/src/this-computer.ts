import type { FastifyRequest } from 'fastify';

/**
 * Whether a request comes from this computer itself: what the local Google stand-in's screen
 * (modules/local-oidc) and GET /metrics without METRICS_TOKEN are open to. One check for both.
 */

export const isLoopbackHost = (host: string) => /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i.test(host);
const isLoopbackAddress = (ip: string | undefined) => Boolean(ip && /^(127\.|::1$|::ffff:127\.)/.test(ip));

/** Headers a proxy adds: a request carrying any of them came through one, so it is not from this computer. */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'via',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
];

/** The Host header's name as sent, never X-Forwarded-Host (whatever TRUST_PROXY says). */
function sentHostName(host: string | undefined): string {
  try {
    return new URL(`http://${host ?? ''}`).hostname;
  } catch {
    return '';
  }
}

/**
 * This computer only: a loopback socket, a loopback Host, and no sign of a proxy. A proxy on this
 * same machine that adds none of those headers still gets through: what this guards must hold
 * nothing a visitor could use (the stand-in reaches only the Buyer accounts it made itself).
 */
export function fromThisComputer(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackHost(sentHostName(request.headers.host));
}
