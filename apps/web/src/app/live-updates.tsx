import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { applyLiveEvent } from '../features/chat/live-events.ts';
import { forgetThisBrowser } from '../features/notifications/push.ts';
import { openLive } from '../lib/live.ts';
import { useAppDispatch, type SharedState } from '../lib/shared-state.ts';
import { useAuth } from '../lib/use-auth.ts';

/**
 * The signed-in person's live stream (issue 33), open while they are signed in on any page: new messages, read
 * receipts and notifications reach the cache as they happen. While it is open, <html data-live="connected">
 * (the end-to-end tests wait for it). Signing out closes it, and this browser stops taking the person's push
 * notifications: the next person to use it must not get them.
 */
/** How long a page waits before it opens the stream. */
const OPEN_AFTER_MS = 1_500;

export default function LiveUpdates() {
  const { token } = useAuth();
  const dispatch = useAppDispatch();
  const store = useStore<SharedState>();
  useEffect(() => {
    if (!token) return;
    const root = document.documentElement;
    // A closed stream's last word (its drop, said after it was aborted) must not unmark the next one's.
    let closed = false;
    let live: { close(): void } | undefined;
    // Opened once the page has had a moment to load what it shows (which it reads fresh): the stream is for what
    // happens next, and a page left at once (a bounce, a redirect) costs the server nothing.
    const opening = setTimeout(() => {
      live = openLive({
        token,
        onEvent: (event) => applyLiveEvent(dispatch, event),
        onConnected: (connected) => {
          if (closed) return;
          if (connected) root.dataset.live = 'connected';
          else delete root.dataset.live;
        },
      });
    }, OPEN_AFTER_MS);
    return () => {
      closed = true;
      clearTimeout(opening);
      live?.close();
      delete root.dataset.live;
      // Signed out (not a new token, not React trying the effect twice): the session's last call.
      if (!store.getState().auth.token) void forgetThisBrowser(token);
    };
  }, [token, dispatch, store]);
  return null;
}
