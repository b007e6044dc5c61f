import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/** Helmet's options for this configuration: the content security policy lets in only what the configuration uses. */
function helmetOptions(config: Config): HelmetOptions {
  const stripeOrigins = (origins: string[]) => (config.payments.provider === 'stripe' ? origins : []);
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Pictures are our own uploads; Google's profile pictures only while Google sign-in is configured.
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.google ? ['https://*.googleusercontent.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Stripe.js and its card frames, only when Stripe is the payment provider.
        scriptSrc: ["'self'", ...stripeOrigins(['https://js.stripe.com'])],
        connectSrc: ["'self'", ...stripeOrigins(['https://api.stripe.com'])],
        frameSrc: ["'self'", ...stripeOrigins(['https://js.stripe.com', 'https://hooks.stripe.com'])],
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only where browsers reach us over TLS (PUBLIC_URL https): a year, this host only (decision 041).
    strictTransportSecurity: config.publicUrl?.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // The Google sign-in popup must keep its link to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  };
}

/**
 * The headers helmet would set, worked out once: none of them depends on the request (no nonces), and building
 * them per request (as @fastify/helmet does, parsing the policy's directives every time) cost 4 % of an uncached
 * detail read's CPU (docs/performance.md).
 */
export function securityHeadersFor(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = 'helmet did not finish';
  helmet(helmetOptions(config))({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw new Error(`Security headers: ${String(failure)}`);
  return headers;
}

/** Security headers (helmet's) on every answer, 404s and errors included. */
export default fp(
  async function securityHeaders(app: FastifyInstance, { config }: { config: Config }) {
    const headers = securityHeadersFor(config);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
