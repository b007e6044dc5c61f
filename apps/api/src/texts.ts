import { errorMessages, formatIcu, intlLocale, isErrorCode, type ErrorCode, type IcuValues, type Lang } from '@market/contract';
import bnAuth from '@market/contract/locales/bn/auth.ts';
import bnBlog from '@market/contract/locales/bn/blog.ts';
import bnCatalog from '@market/contract/locales/bn/catalog.ts';
import bnCommon from '@market/contract/locales/bn/common.ts';
import bnDashboard from '@market/contract/locales/bn/dashboard.ts';
import bnErrors from '@market/contract/locales/bn/errors.ts';
import bnHead from '@market/contract/locales/bn/head.ts';
import bnMail from '@market/contract/locales/bn/mail.ts';
import enAuth from '@market/contract/locales/en/auth.ts';
import enBlog from '@market/contract/locales/en/blog.ts';
import enCatalog from '@market/contract/locales/en/catalog.ts';
import enCommon from '@market/contract/locales/en/common.ts';
import enDashboard from '@market/contract/locales/en/dashboard.ts';
import enHead from '@market/contract/locales/en/head.ts';
import enMail from '@market/contract/locales/en/mail.ts';

/*
 * What the server writes for people, from the catalogs the web app speaks (decision 029): the first screen
 * and page heads (so the HTML says what the app will say), the mails (a notification's in the bell's words), the Google popup's last page, and an
 * error code's words in a language. One table per language, as the app's (no id is in two catalogs: check-catalogs.ts).
 */
const catalogs = {
  en: { ...enCommon, ...enCatalog, ...enDashboard, ...enHead, ...enMail, ...enAuth, ...enBlog, ...errorMessages },
  bn: { ...bnCommon, ...bnCatalog, ...bnDashboard, ...bnHead, ...bnMail, ...bnAuth, ...bnBlog, ...bnErrors },
};
export type TextId = keyof (typeof catalogs)['en'];

const numbers = new Map<Lang, Intl.NumberFormat>();
/** A number in the language's digits and grouping, as the app's lib/format.ts writes it: '1,18,000', '১,১৮,০০০', '4.5'. */
const number = (lang: Lang, n: number) => {
  let format = numbers.get(lang);
  if (!format) numbers.set(lang, (format = new Intl.NumberFormat(intlLocale[lang], { maximumFractionDigits: 1 })));
  return format.format(n);
};

export interface Texts {
  (id: TextId, values?: IcuValues): string;
  number: (n: number) => string;
}

const made = new Map<Lang, Texts>();

/** The texts of one language (made once per language). */
export function texts(lang: Lang): Texts {
  const known = made.get(lang);
  if (known) return known;
  const t = (id: TextId, values?: IcuValues) => formatIcu(catalogs[lang][id], values, intlLocale[lang]);
  const forLang = Object.assign(t, { number: (value: number) => number(lang, value) });
  made.set(lang, forLang);
  return forLang;
}

/**
 * A refusal's words in a language, for what answers a browser with a page or a redirect rather than a JSON body
 * (bKash's return): its code's message with its values, a refund's reason (`reasonCode`) said in the language too,
 * as the web's lib/errors.ts says a JSON refusal.
 */
export function refusalText(lang: Lang, code: ErrorCode, params?: Readonly<Record<string, string | number>>): string {
  const values: Record<string, string | number> = { ...params };
  if (isErrorCode(values.reasonCode)) values.reason = texts(lang)(values.reasonCode);
  return texts(lang)(code, values);
}
