import { createElement, lazy, type ComponentType } from 'react';
import type { Namespace } from '@market/contract/locales/types.ts';
import type { Lang } from '@market/contract';
import { currentLang, loadCatalog } from '../lib/i18n.ts';

export interface LazyPage {
  (): React.ReactNode;
  /** Fetches the page's code and its catalogs in `lang`. */
  preload: (lang: Lang) => Promise<void>;
}

/**
 * A page whose code is a chunk of its own, out of the first load of the pages that do not show it.
 * Preloaded before the app's first render when the address is its (main.tsx), it renders at once,
 * over the first screen the HTML drew, instead of suspending; otherwise it suspends as React.lazy does.
 */
export function lazyPage(load: () => Promise<ComponentType>, namespaces: Namespace[] = []): LazyPage {
  let loaded: ComponentType | undefined;
  let code: Promise<void> | undefined;
  const preload = async (lang: Lang) => {
    code ??= load().then((page) => {
      loaded = page;
    });
    await Promise.all([code, ...namespaces.map((ns) => loadCatalog(lang, ns))]);
  };
  const Lazy = lazy(() => preload(currentLang()).then(() => ({ default: loaded! })));
  const Page = () => createElement(loaded ?? Lazy);
  return Object.assign(Page, { preload });
}
