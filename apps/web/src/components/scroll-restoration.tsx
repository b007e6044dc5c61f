import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORE = 'scroll-positions';
/** How long a restore keeps trying while the page's data and pictures arrive and make it tall enough (a slow connection, a busy phone). */
const RESTORE_FOR_MS = 10_000;
/** Only the latest history entries matter. */
const KEEP = 100;

/** Where each history entry (location.key) was left; saved for the tab's life when the page is hidden, so a reload finds it too. */
const positions = new Map<string, number>(stored());
/** The entry on screen: scroll events belong to it. */
let current = '';
/** Whether the app's first page has been placed: the document's first entry is treated apart (see `restores`). */
let placedFirst = false;

/**
 * Whether a back or forward move (POP) should return to where its entry was left. The document's first entry is a
 * POP too, and its key is always 'default', whatever page it is: only a reload or a back/forward into this document
 * returns there; an address opened (typed, a link from elsewhere, `location.assign`) starts at the top (issue 35).
 */
function restores(navigation: string): boolean {
  if (navigation !== 'POP') return false;
  if (placedFirst) return true;
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

function stored(): [string, number][] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORE) ?? '[]');
    return Array.isArray(value) ? value.filter((e): e is [string, number] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number') : [];
  } catch {
    return [];
  }
}

function save() {
  try {
    sessionStorage.setItem(STORE, JSON.stringify([...positions].slice(-KEEP)));
  } catch {
    // storage full or refused: after a reload, back/forward starts at the top
  }
}

const onScroll = () => {
  positions.delete(current); // re-inserted last: the newest entries are kept
  positions.set(current, window.scrollY);
};

/**
 * The navigation state of a change that stays on its page (a filter ticked, a sort chosen: the same list, other
 * rows): the page keeps its place instead of starting at the top. `navigate(to, { state: keepScroll })`.
 */
export const keepScroll = { keepScroll: true } as const;
const keepsScroll = (state: unknown) => typeof state === 'object' && state !== null && (state as { keepScroll?: unknown }).keepScroll === true;

/**
 * A new page starts at the top (or at its #target), unless it only changed its list (`keepScroll`); back and forward
 * return to where that page was left.
 * The data router's <ScrollRestoration> does this, but the app uses declarative routes (router.tsx).
 */
export function ScrollRestoration() {
  const { key: entry, pathname, search, hash, state } = useLocation();
  // Every document's first entry is 'default': with the address, two documents' first pages are told apart.
  const key = `${entry} ${pathname}${search}`;
  const navigation = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  // Before the new page is painted.
  useLayoutEffect(() => {
    current = key;
    placedFirst = true;
    // The same page with other rows: where it is now is where its new entry starts.
    if (navigation !== 'POP' && keepsScroll(state)) return;
    const saved = restores(navigation) ? positions.get(key) : undefined;
    const id = hash ? decodeURIComponent(hash.slice(1)) : '';
    /** Goes where this entry belongs; false while that place is not on the page yet (its data has not arrived). */
    const place = (): boolean => {
      if (saved !== undefined) {
        window.scrollTo(0, saved);
        return Math.abs(window.scrollY - saved) <= 1;
      }
      const anchor = id ? document.getElementById(id) : null;
      if (anchor) anchor.scrollIntoView();
      else window.scrollTo(0, 0);
      return !id || Boolean(anchor);
    };
    if (place()) return;
    // Try again each frame until the page is tall enough or the #target is there, for a while, or until the user scrolls.
    const until = performance.now() + RESTORE_FOR_MS;
    let frame = 0;
    const attempt = () => {
      if (!place() && performance.now() < until) frame = requestAnimationFrame(attempt);
    };
    const stop = () => cancelAnimationFrame(frame);
    const userMoves = ['wheel', 'touchstart', 'keydown'] as const;
    for (const type of userMoves) window.addEventListener(type, stop, { once: true, passive: true });
    frame = requestAnimationFrame(attempt);
    return () => {
      stop();
      for (const type of userMoves) window.removeEventListener(type, stop);
    };
    // `state` is read for the entry `key` names (a new entry, a new key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, hash, navigation]);

  return null;
}
