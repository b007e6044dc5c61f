import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../lib/i18n.ts';
import { GooglePopupError, signInWithGooglePopup } from './google-popup.ts';

/** A window that records what it opens, and can be sent messages. */
function fakeWindow(opened: { closed: boolean; focus(): void } | null) {
  const target = new EventTarget();
  const open = vi.fn(() => opened);
  const win = Object.assign(target, { open, location: { origin: 'http://localhost:3000' }, screenX: 0, screenY: 0, outerWidth: 1200, outerHeight: 900 });
  const send = (data: unknown, origin = 'http://localhost:3000', source: unknown = opened) =>
    target.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }));
  return { win: win as unknown as Window, open, send };
}

afterEach(() => vi.useRealTimers());

describe('the Google sign-in popup', () => {
  it('opens 500x600 at the start of the flow and resolves with the ID token it posts', async () => {
    const popup = { closed: false, focus: vi.fn() };
    const { win, open, send } = fakeWindow(popup);
    const result = signInWithGooglePopup(win);
    expect(open).toHaveBeenCalledWith('/api/auth/google/start', 'google-sign-in', expect.stringMatching(/width=500,height=600/));
    send({ type: 'google-sign-in', idToken: 'a.b.c' });
    await expect(result).resolves.toBe('a.b.c');
  });

  it('ignores messages from another origin, another window, or of another shape', async () => {
    const popup = { closed: false, focus: vi.fn() };
    const { win, send } = fakeWindow(popup);
    const result = signInWithGooglePopup(win);
    send({ type: 'google-sign-in', idToken: 'evil.token.x' }, 'https://evil.example');
    send({ type: 'google-sign-in', idToken: 'other.window.x' }, 'http://localhost:3000', {});
    send({ type: 'something-else', idToken: 'x.y.z' });
    send('google-sign-in');
    send({ type: 'google-sign-in', idToken: 'good.token.x' });
    await expect(result).resolves.toBe('good.token.x');
  });

  it("rejects with the callback's message", async () => {
    const { win, send } = fakeWindow({ closed: false, focus: vi.fn() });
    const result = signInWithGooglePopup(win);
    send({ type: 'google-sign-in', code: 'google_sign_in_cancelled', error: 'Google sign-in was cancelled' });
    await expect(result).rejects.toEqual(new GooglePopupError('Google sign-in was cancelled'));
  });

  it("says the callback's refusal in the page's language, from its code", async () => {
    await Promise.all([loadCatalog('bn', 'errors'), loadCatalog('bn', 'common')]);
    i18n.activate('bn', ['bn-BD']);
    try {
      const { win, send } = fakeWindow({ closed: false, focus: vi.fn() });
      const result = signInWithGooglePopup(win);
      send({ type: 'google-sign-in', code: 'google_sign_in_failed', params: { reason: 'server_error' }, error: 'Google sign-in failed (server_error)' });
      await expect(result).rejects.toEqual(new GooglePopupError('গুগল সাইন-ইন হয়নি (server_error)'));
    } finally {
      i18n.activate('en', ['en-IN']);
    }
  });

  it('rejects at once when the popup is blocked', async () => {
    const { win } = fakeWindow(null);
    await expect(signInWithGooglePopup(win)).rejects.toBeInstanceOf(GooglePopupError);
  });

  it('rejects when the popup is closed without an answer', async () => {
    vi.useFakeTimers();
    const popup = { closed: false, focus: vi.fn() };
    const { win } = fakeWindow(popup);
    const result = signInWithGooglePopup(win);
    const outcome = result.catch((err: Error) => err);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1500);
    expect(await outcome).toEqual(new GooglePopupError('The Google sign-in window was closed'));
  });
});
