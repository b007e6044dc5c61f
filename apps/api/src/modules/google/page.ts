import { randomBytes } from 'node:crypto';
import type { GoogleSignInMessage } from '@market/contract';
import type { FastifyReply } from 'fastify';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON inside a <script>: nothing in it may end the element or break the line. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The last page of the sign-in popup: hands the result to the page that opened it
 * (postMessage to our own origin only; through a same-origin BroadcastChannel when the
 * provider's pages cut the popup off from its opener), then closes.
 */
export function sendResultPage(reply: FastifyReply, status: number, message: GoogleSignInMessage) {
  const nonce = randomBytes(16).toString('base64');
  const text = 'error' in message ? message.error : 'Signed in with Google. This window closes by itself.';
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Google sign-in</title></head><body><p>${escape(text)}</p>
<script nonce="${nonce}">(function () {
  var message = ${scriptJson(message)};
  try {
    if (window.opener && !window.opener.closed) window.opener.postMessage(message, window.location.origin);
    else { var channel = new BroadcastChannel('google-sign-in'); channel.postMessage(message); channel.close(); }
  } catch (e) {}
  setTimeout(function () { window.close(); }, 100);
})();</script></body></html>`;
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`)
    .header('cross-origin-opener-policy', 'unsafe-none')
    .send(body);
}
