import type { FirstScreenEntry as Entry } from '@market/contract';
import { catalogApi } from '../features/catalog/api.ts';
import { reviewsApi } from '../features/catalog/reviews-api.ts';
import { call } from '../lib/endpoint.ts';
import { sharedApi } from '../lib/shared-api.ts';
import type { AppStore } from './store.ts';

const endpoints = { ...sharedApi.endpoints, ...catalogApi.endpoints, ...reviewsApi.endpoints };

/**
 * Puts the first screen's data, which came with the HTML, into the API cache before the first render:
 * the page shows its content at once instead of a spinner and a round trip. Anything unreadable is
 * skipped, and the app asks the API as usual.
 */
export function loadFirstScreen(store: AppStore, doc: Document = document) {
  const script = doc.getElementById('first-screen');
  if (!script?.textContent) return;
  let entries: Entry[];
  try {
    entries = JSON.parse(script.textContent) as Entry[];
  } catch {
    return;
  }
  if (!Array.isArray(entries)) return;
  const known = entries.filter((e) => e && typeof e.name === 'string' && e.name in endpoints);
  store.dispatch(
    catalogApi.util.upsertQueryEntries(
      known.map((e) => ({
        endpointName: e.name,
        arg: e.arg ?? undefined,
        value: e.paged ? { pages: [e.body], pageParams: [null] } : call(e.name).transformResponse(e.body),
      })) as never,
    ),
  );
  script.remove();
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
