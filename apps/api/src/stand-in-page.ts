import type { FastifyReply } from 'fastify';

/**
 * A page of a local stand-in (the OpenID Connect provider's sign-in, bKash's wallet): never cached, under a CSP
 * that allows only its inline style (and its own images), a form posting to itself and to `formTarget` (the
 * origin it sends the browser back to; without one, no form posts), and no framing. `popup`: a page of the
 * sign-in popup, which must not cut the popup off from the page that opened it.
 */
export function sendStandInPage(reply: FastifyReply, status: number, body: string, opts: { formTarget?: string; images?: boolean; popup?: boolean } = {}) {
  const formAction = opts.formTarget ? `'self' ${opts.formTarget}` : "'none'";
  const images = opts.images ? " img-src 'self';" : '';
  void reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline';${images} form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    );
  if (opts.popup) void reply.header('cross-origin-opener-policy', 'unsafe-none');
  return reply.send(body);
}
