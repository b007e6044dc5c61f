import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import type { Lang } from '@market/contract';
import { Footer } from './app/public-layout.tsx';
import { AppRoutes, preloadPage } from './app/router.tsx';
import type { CachedAnswer } from './app/first-screen.ts';
import { makeStore } from './app/store.ts';
import { api, type ServerCalls } from './lib/api.ts';
import { activate, showIn } from './lib/i18n.ts';

/*
 * The public pages rendered on the server by the app's own components (decision 033): the API
 * (apps/api/src/first-screen/page.ts) loads this module's build (dist-ssr) and puts the markup into
 * #root and the answers it was drawn from into the page, where main.tsx hydrates the same tree from them.
 */

export interface RenderInput {
  /** The page's path and query, as the browser asked for it. */
  url: string;
  lang: Lang;
  /** Answers the app's API calls in-process, as a signed-out visitor (no credentials). */
  fetchFn: ServerCalls['fetchFn'];
}

export interface Rendered {
  /** The markup of #root. */
  html: string;
  /** The API's answers the page was drawn from, for the browser to start from the same. */
  answers: CachedAnswer[];
}

/** How many times a render may ask for more data than the one before answered (a page that needs a phone, then its seller's reviews). */
const rounds = 3;

/** The app's tree as the browser hydrates it (main.tsx): the router at `url`, a signed-out visitor's store. */
const app = (store: ReturnType<typeof makeStore>, url: string) => (
  <StrictMode>
    <Provider store={store}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </Provider>
  </StrictMode>
);

/**
 * Renders the page at `url` in `lang`. A query hook asks for its data during the render (api.ts); the
 * render is repeated once the answers are in, until it asks for nothing new. Each render is synchronous
 * after the language is set, so pages rendered at the same time in two languages do not mix.
 */
export async function render({ url, lang, fetchFn }: RenderInput): Promise<Rendered> {
  const store = makeStore({ auth: { user: null, token: null, verify: false, loading: false }, server: { fetchFn } });
  const pathname = new URL(url, 'http://server.invalid').pathname;
  await Promise.all([activate(lang), preloadPage(pathname, lang), Footer.preload(lang)]);
  let html = '';
  for (let round = 0; round <= rounds; round++) {
    showIn(lang);
    html = renderToString(app(store, url));
    const running = store.dispatch(api.util.getRunningQueriesThunk());
    if (running.length === 0) break;
    await Promise.all(running);
  }
  const answers = Object.values(store.getState().api.queries)
    .filter((q) => q?.status === 'fulfilled')
    .map((q) => ({ name: q!.endpointName, arg: q!.originalArgs ?? null, value: q!.data }));
  store.dispatch(api.util.resetApiState());
  return { html, answers };
}
