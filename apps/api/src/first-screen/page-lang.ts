import { acceptedLang, defaultLang, isLang, langCookie, type Lang } from '@market/contract';

/** What of a request decides its page's language. */
export interface LangSources {
  url: string;
  headers: { cookie?: string | undefined; 'accept-language'?: string | undefined };
}

/** The `lang` cookie's value, when it names one of our languages. */
export function cookieLang(header: string | undefined): Lang | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === langCookie) {
      const value = part.slice(eq + 1).trim();
      if (isLang(value)) return value;
    }
  }
  return null;
}

/**
 * A page's language (decision 029): `?lang=` (the address a link or a search engine's hreflang gave),
 * else the `lang` cookie the language switch sets, else the browser's Accept-Language, else English.
 * A `lang` that names no language of ours is ignored, as if absent.
 */
export function pageLang(request: LangSources): Lang {
  const query = request.url.split('?')[1];
  const asked = query === undefined ? null : new URLSearchParams(query).get('lang');
  if (isLang(asked)) return asked;
  return cookieLang(request.headers.cookie) ?? acceptedLang(request.headers['accept-language']) ?? defaultLang;
}
