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
  // Seen only for the moment before the popup closes, or where a phone opened it as a tab it cannot close: readable there too.
  const body = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Google</title>
<style nonce="${nonce}">body{margin:0;padding:2rem 1.25rem;font:1rem/1.6 system-ui,'Noto Sans Bengali',sans-serif;color:#1f2937}p{max-width:32rem;margin:0 auto}</style></head><body><p>${escape(said(lang, message))}</p>
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
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    )
    .header('cross-origin-opener-policy', 'unsafe-none')
    .send(body);
}
