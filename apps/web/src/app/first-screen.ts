import { api } from '../lib/api.ts';
import type { AppStore } from './store.ts';

/** One answer in the app's API cache, as the server's render left it (entry-server.tsx) and the HTML carries it. */
export interface CachedAnswer {
  name: string;
  arg: unknown;
  value: unknown;
}

/**
 * Puts the first screen's data, which came with the HTML, into the API cache before the first render
 * (once the page's code, which holds its endpoints, is loaded):
 * the page starts from what the server drew it with (the same answers: hydration finds the same markup)
 * instead of a spinner and a round trip. Anything unreadable is skipped, and the app asks the API as usual.
 */
export function loadFirstScreen(store: AppStore, doc: Document = document) {
  const script = doc.getElementById('first-screen');
  if (!script?.textContent) return;
  let answers: CachedAnswer[];
  try {
    answers = JSON.parse(script.textContent) as CachedAnswer[];
  } catch {
    return;
  }
  if (!Array.isArray(answers)) return;
  putAnswers(
    store,
    answers.filter((a) => a && typeof a.name === 'string' && a.name in api.endpoints).map((a) => ({ ...a, arg: a.arg ?? undefined })),
  );
  script.remove();
}

/** Puts answers into the cache as if the app had asked for them (their endpoints are the loaded pages'). */
export function putAnswers(store: AppStore, answers: CachedAnswer[]) {
  store.dispatch(api.util.upsertQueryEntries(answers.map((a) => ({ endpointName: a.name, arg: a.arg, value: a.value })) as never));
}

/** The first screen's search box, and whether the visitor is in it: what they type there must survive the app's start. */
let shellSearch: { input: HTMLInputElement; focused: boolean } | null = null;

/** Call before the first render: keeps hold of the first screen's search box and follows its focus. */
export function followFirstScreenSearch(doc: Document = document) {
  const input = doc.querySelector<HTMLInputElement>('#root form[role="search"] input[name="q"]');
  if (!input) return;
  shellSearch = { input, focused: doc.activeElement === input };
  input.addEventListener('focus', () => shellSearch && (shellSearch.focused = true));
  // Removing the box (the app taking over) blurs it too: only a blur while it is still on the page is the visitor's.
  input.addEventListener('blur', () => queueMicrotask(() => shellSearch && input.isConnected && (shellSearch.focused = false)));
}

/** What was typed into the first screen's search box, and whether the visitor is still in it (null once the app's box took over). */
export function firstScreenSearch(): { value: string; focused: boolean } | null {
  return shellSearch && { value: shellSearch.input.value, focused: shellSearch.focused };
}

/** The app's box has taken over: later boxes start empty. */
export function forgetFirstScreenSearch() {
  shellSearch = null;
}
