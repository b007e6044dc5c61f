import { pathOf } from '../../lib/endpoint.ts';
import type { GoogleSignInMessage } from '@market/contract';
import { errorMessage } from '../../lib/errors.ts';
import { translate } from '../../lib/i18n.ts';

export const GOOGLE_START_URL = pathOf('googleStart');
/** The spec's identity popup size. */
const WIDTH = 500;
const HEIGHT = 600;

/** Why the popup gave no ID token: blocked, closed, cancelled, or refused by the server's callback. */
export class GooglePopupError extends Error {}

function isSignInMessage(data: unknown): data is GoogleSignInMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return m.type === 'google-sign-in' && (typeof m.idToken === 'string' || typeof m.error === 'string');
}

/**
 * Opens the 500x600 popup at the start of the OpenID Connect flow and resolves with the
 * ID token its last page hands back: by postMessage from our own origin (from the popup
 * itself), or by a same-origin BroadcastChannel if the provider's pages cut the popup off
 * from this window. Must be called straight from a click, or the browser blocks the popup.
 */
export function signInWithGooglePopup(win: Window = window): Promise<string> {
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - WIDTH) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - HEIGHT) / 2));
  const popup = win.open(GOOGLE_START_URL, 'google-sign-in', `popup=yes,width=${WIDTH},height=${HEIGHT},left=${left},top=${top}`);
  if (!popup) return Promise.reject(new GooglePopupError(translate('googleSignIn.blocked')));
  popup.focus();

  return new Promise((resolve, reject) => {
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('google-sign-in') : null;
    let done = false;
    let closedSince = 0;
    const finish = (message: GoogleSignInMessage | null) => {
      if (done) return;
      done = true;
      win.removeEventListener('message', onMessage);
      channel?.close();
      clearInterval(timer);
      if (message && 'idToken' in message) resolve(message.idToken);
      else if (message)
        reject(new GooglePopupError(errorMessage({ data: { code: message.code, params: message.params, message: message.error } }, message.error)));
      else reject(new GooglePopupError(translate('googleSignIn.closed')));
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== win.location.origin || event.source !== popup || !isSignInMessage(event.data)) return;
      finish(event.data);
    };
    win.addEventListener('message', onMessage);
    if (channel) channel.onmessage = (event: MessageEvent) => void (isSignInMessage(event.data) && finish(event.data));
    // Closed without a word: give a late message a moment, then give up.
    const timer = setInterval(() => {
      if (!popup.closed) return void (closedSince = 0);
      closedSince ||= Date.now();
      if (Date.now() - closedSince >= 1000) finish(null);
    }, 250);
  });
}
