import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** Security headers on every answer (@fastify/helmet), the content security policy letting in only what the configuration uses. */
export default fp(
  async function securityHeaders(app: FastifyInstance, { config }: { config: Config }) {
    const stripeOrigins = (origins: string[]) => (config.payments.provider === 'stripe' ? origins : []);
    await app.register(helmet, {
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
    });
  },
  { name: 'security-headers' },
);
