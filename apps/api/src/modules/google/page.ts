import { randomBytes } from 'node:crypto';
import type { GoogleSignInMessage, Lang } from '@market/contract';
import type { FastifyReply } from 'fastify';
import { escapeHtml as escape, scriptJson } from '../../html.ts';
import { texts } from '../../texts.ts';

/** What the popup says for the moment before it closes, in the page's language (the opener says it again in its own). */
const said = (lang: Lang, message: GoogleSignInMessage) => ('error' in message ? texts(lang)(message.code, message.params) : texts(lang)('googleSignIn.done'));

/**
 * The last page of the sign-in popup: hands the result to the page that opened it
 * (postMessage to our own origin only; through a same-origin BroadcastChannel when the
 * provider's pages cut the popup off from its opener), then closes.
 */
export function sendResultPage(reply: FastifyReply, lang: Lang, status: number, message: GoogleSignInMessage) {
  const nonce = randomBytes(16).toString('base64');
  const body = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Google</title></head><body><p>${escape(said(lang, message))}</p>
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
