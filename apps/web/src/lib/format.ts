import { i18n } from '@lingui/core';
import { intlLocale, isLang, POISHA, type Lang } from '@market/contract';
import { translate } from './i18n.ts';

/*
 * Numbers, prices and dates in the current language (decision 029): English with South Asian digit
 * grouping ('1,25,000') and day-month-year dates ('23 Nov 2026'); Bangla with Bangla digits
 * ('১,২৫,০০০', '২৩ নভে, ২০২৬'). A component that shows them calls `useT()` (or `useLang()`), so it
 * renders again when the language changes.
 */

/** Storage sizes ('128 GB', '1 TB'): the contract's, as the server writes them. */
export { storageSize } from '@market/contract/rules';

const lang = (): Lang => (isLang(i18n.locale) ? i18n.locale : 'en');
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(name: string, make: (lang: Lang) => F): F {
  const key = `${lang()}:${name}`;
  let f = cache.get(key) as F | undefined;
  if (!f) cache.set(key, (f = make(lang())));
  return f;
}

/** A number in the language's digits and grouping: '1,25,000' or '১,২৫,০০০'. */
export const number = (n: number) => formatter('number', (l) => new Intl.NumberFormat(intlLocale[l])).format(n);

/** A price as the tables write it: '1,18,000 tk' (the spec's) or '৳১,১৮,০০০'. */
export const priceTk = (amount: number) => translate('price.tk', { amount: number(amount) });

/** A price as the phone's page writes it: '1,18,000 BDT' (the spec's) or '৳১,১৮,০০০'. */
export const priceBdt = (amount: number) => translate('price.bdt', { amount: number(amount) });

/**
 * Money counted in poisha (the ledger's, issue 32) as taka with the taka sign, its poisha only when there are some:
 * '৳77,600', '৳1,234.50' (Bangla: '৳৭৭,৬০০'); '-৳30' below zero.
 */
export function money(poisha: number): string {
  const whole = poisha % POISHA === 0;
  const format = whole
    ? formatter('number', (l) => new Intl.NumberFormat(intlLocale[l]))
    : formatter('poisha', (l) => new Intl.NumberFormat(intlLocale[l], { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  const text = translate('price.taka', { amount: format.format(Math.abs(poisha) / POISHA) });
  return poisha < 0 ? `-${text}` : text;
}

// Dates as people in Bangladesh write them: day, month, year, never the US month-first order.
const dateLocale = (l: Lang) => (l === 'en' ? 'en-GB' : intlLocale[l]);
const dateFormat = (name: string, options: Intl.DateTimeFormatOptions) => formatter(name, (l) => new Intl.DateTimeFormat(dateLocale(l), options));

const formatted = (iso: string, format: Intl.DateTimeFormat) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
};

/** '23 Nov 2026' in the reader's time zone. */
export const localDate = (iso: string) => formatted(iso, dateFormat('date', { day: 'numeric', month: 'short', year: 'numeric' }));

/**
 * A clock time's options: 12-hour, with am/pm in English and, in Bangla, the part of the day in words ('৯:২৫ সকাল',
 * '৪:৩০ বিকাল'): Bangla's own "AM"/"PM" in the locale data are the English letters (issue 35).
 */
const clock = (l: Lang): Intl.DateTimeFormatOptions => ({ hour: 'numeric', minute: '2-digit', hour12: true, ...(l === 'bn' ? { dayPeriod: 'short' } : {}) });

/** '23 Nov 2026, 9:25 am' in the reader's time zone. */
export const localDateTime = (iso: string) =>
  formatted(
    iso,
    formatter('dateTime', (l) => new Intl.DateTimeFormat(dateLocale(l), { day: 'numeric', month: 'short', year: 'numeric', ...clock(l) })),
  );

/** '9:25 am' in the reader's time zone. */
export const localTime = (iso: string) =>
  formatted(
    iso,
    formatter('time', (l) => new Intl.DateTimeFormat(dateLocale(l), clock(l))),
  );

// A calendar day ('2026-11-23') is the same day everywhere: formatted in UTC, where it was counted.
/** A calendar day ('2026-11-23', a deal's meeting day) as '23 Nov 2026', whatever the reader's time zone. */
export const localDay = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day)
    ? formatted(`${day}T00:00:00Z`, dateFormat('calendarDay', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }))
    : day;

/** A calendar day ('2026-11-23') as '23 Nov' (chart axes). */
export const shortDay = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatted(`${day}T00:00:00Z`, dateFormat('day', { day: 'numeric', month: 'short', timeZone: 'UTC' })) : day;

/** A calendar month by its first day ('2026-11-01') as 'Nov 2026' (chart axes). */
export const shortMonth = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatted(`${day}T00:00:00Z`, dateFormat('month', { month: 'short', year: 'numeric', timeZone: 'UTC' })) : day;
