/**
 * The two languages of the site. English is the spec's own words; Bangla (বাংলা) is the market's.
 * A page's language comes from `?lang=` (shared links, search engines' hreflang), else the `lang`
 * cookie the language switch sets (a year), else the browser's Accept-Language, else English.
 * A signed-in user's choice is also kept on the account (mails follow it). Decision 029.
 */
export const languages = ['en', 'bn'] as const;
export type Lang = (typeof languages)[number];
export const defaultLang: Lang = 'en';
export const langCookie = 'lang';
export const isLang = (value: unknown): value is Lang => value === 'en' || value === 'bn';

/** BCP 47 tags for Intl: Bangla in Bangladesh writes Bangla digits ('৳১,১৮,০০০'); English in India's grouping ('1,18,000'). */
export const intlLocale: Record<Lang, string> = { en: 'en-IN', bn: 'bn-BD' };

/** The first of our languages the Accept-Language header asks for (by its q weights), or null. */
export function acceptedLang(header: string | undefined): Lang | null {
  if (!header) return null;
  const asked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), i };
    })
    .filter((a) => a.q > 0 && !Number.isNaN(a.q))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return asked.map((a) => a.base).find(isLang) ?? null;
}
