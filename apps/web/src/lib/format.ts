/** Taka amounts with South Asian digit grouping: 1,25,000, and storage sizes ('128 GB', '1 TB'): the contract's, as the server writes them. */
export { storageSize, taka } from '@market/contract/rules';

// Dates as people in Bangladesh write them: day, month, year ('23 Nov 2026'), never the US month-first order.
const dateOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dateAndTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
// A calendar day ('2026-11-23') is the same day everywhere: formatted in UTC, where it was counted.
const dayAndMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthAndYear = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

const formatted = (iso: string, format: Intl.DateTimeFormat) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
};

/** '23 Nov 2026' in the reader's time zone. */
export const localDate = (iso: string) => formatted(iso, dateOnly);

/** '23 Nov 2026, 9:25 am' in the reader's time zone. */
export const localDateTime = (iso: string) => formatted(iso, dateAndTime);

/** A calendar day ('2026-11-23') as '23 Nov' (chart axes). */
export const shortDay = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? formatted(`${day}T00:00:00Z`, dayAndMonth) : day);

/** A calendar month by its first day ('2026-11-01') as 'Nov 2026' (chart axes). */
export const shortMonth = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? formatted(`${day}T00:00:00Z`, monthAndYear) : day);
