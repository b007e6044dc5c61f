import { i18n, type Messages } from '@lingui/core';
import { use, useSyncExternalStore } from 'react';
import { defaultLang, intlLocale, isLang, langCookie, type Lang } from '@market/contract';
import type admin from '@market/contract/locales/en/admin.ts';
import type auth from '@market/contract/locales/en/auth.ts';
import type blog from '@market/contract/locales/en/blog.ts';
import type catalog from '@market/contract/locales/en/catalog.ts';
import type common from '@market/contract/locales/en/common.ts';
import type dashboard from '@market/contract/locales/en/dashboard.ts';
import type errors from '@market/contract/locales/en/errors.ts';
import type forms from '@market/contract/locales/en/forms.ts';
import type head from '@market/contract/locales/en/head.ts';
import type mail from '@market/contract/locales/en/mail.ts';
import type payment from '@market/contract/locales/en/payment.ts';
import type { Namespace } from '@market/contract/locales/types.ts';

/*
 * Two languages with Lingui's core (2 KiB gz; decision 029). The catalogs live in the contract
 * (packages/contract/src/locales), where the server's first screen and mails read them too; the
 * build compiles each into a chunk of its own (vite.config.ts), fetched when a screen first needs
 * it: 'common' and 'errors' with the app, the others by the screens that use them (`useT('auth')` suspends
 * until its catalog is here).
 */

interface Catalogs {
  common: typeof common;
  errors: typeof errors;
  forms: typeof forms;
  admin: typeof admin;
  catalog: typeof catalog;
  auth: typeof auth;
  payment: typeof payment;
  dashboard: typeof dashboard;
  blog: typeof blog;
  /** The API's e-mails and page heads: no screen loads them (chunks of their own that are never fetched), listed so every namespace has its type. */
  mail: typeof mail;
  head: typeof head;
}
export type Key<N extends Namespace = Namespace> = { [M in N]: keyof Catalogs[M] & string }[N];
export type Values = Record<string, string | number>;

const files = import.meta.glob<Messages>('@locales/*/*.ts', { import: 'default', query: '?compiled' });
const loading = new Map<string, Promise<void>>();

/** A promise that says whether it has settled, as React's `use()` reads it: one settled already is read without suspending. */
type Tracked = Promise<void> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: void; reason?: unknown };

/** Fetches one catalog of one language (once); resolves when its messages are in. Always the same promise for the same catalog. */
export function loadCatalog(lang: Lang, ns: Namespace): Promise<void> {
  const id = `${lang}/${ns}`;
  let done = loading.get(id);
  if (!done) {
    const file = Object.entries(files).find(([path]) => path.endsWith(`/${id}.ts`))?.[1];
    if (!file) throw new Error(`no catalog ${id}`);
    const tracked: Tracked = file().then((messages) => {
      i18n.load(lang, messages);
    });
    tracked.status = 'pending';
    tracked.then(
      () => {
        tracked.status = 'fulfilled';
      },
      (reason: unknown) => {
        tracked.status = 'rejected';
        tracked.reason = reason;
      },
    );
    loading.set(id, (done = tracked));
  }
  return done;
}

/** Makes `lang` the page's language once its common catalogs (and those already used in the other language) are in. */
export async function activate(lang: Lang): Promise<void> {
  const used = new Set<Namespace>(['common', 'errors']);
  for (const id of loading.keys()) used.add(id.split('/')[1] as Namespace);
  await Promise.all([...used].map((ns) => loadCatalog(lang, ns)));
  showIn(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** Makes `lang`, whose catalogs are loaded, the language of what renders next (the server's render, which awaits nothing in between). */
export function showIn(lang: Lang) {
  i18n.activate(lang, [intlLocale[lang]]);
}

/** The text of `key` in the current language, its `{placeholders}` filled from `values`. */
export const translate = (key: Key, values?: Values): string => i18n._(key, values);

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
/** The language shown now. */
export const currentLang = (): Lang => (isLang(i18n.locale) ? i18n.locale : defaultLang);

/** The current language; the component renders again when it changes. */
export function useLang(): Lang {
  return useSyncExternalStore(subscribe, currentLang, currentLang);
}

/**
 * `t` for a component: renders again when the language changes, and suspends (the nearest
 * <Suspense> shows) until the screen's catalog in that language is here.
 */
export function useT<N extends Namespace = 'common'>(ns?: N): (key: Key<N | 'common'>, values?: Values) => string {
  const lang = useLang();
  // Called on every render (not only while the catalog is missing): a render React replays after the
  // catalog came must call the same hooks as the one that suspended.
  if (ns) use(loadCatalog(lang, ns));
  return translate as (key: Key<N | 'common'>, values?: Values) => string;
}

/**
 * The language the page starts in: the one the server wrote into <html lang> (it read `?lang=`,
 * the cookie and Accept-Language: apps/api/src/first-screen), else the same choice made here.
 */
export function initialLang(): Lang {
  const fromHtml = document.documentElement.lang;
  if (isLang(fromHtml)) return fromHtml;
  const fromUrl = new URLSearchParams(location.search).get('lang');
  if (isLang(fromUrl)) return fromUrl;
  const fromCookie = document.cookie.match(new RegExp(`(?:^|; )${langCookie}=(\\w+)`))?.[1];
  if (isLang(fromCookie)) return fromCookie;
  return navigator.languages.map((l) => l.toLowerCase().split('-')[0]).find(isLang) ?? defaultLang;
}

/** Remembers the choice in this browser for a year: the server reads it to write the next page's HTML. */
export function rememberLang(lang: Lang) {
  document.cookie = `${langCookie}=${lang}; path=/; max-age=31536000; samesite=lax`;
}
