import { i18n } from '@lingui/core';
import { intlLocale, isLang, type Condition, type ReportReason } from '@market/contract';
import { number } from '../lib/format.ts';
import { translate, type Key } from '../lib/i18n.ts';

/*
 * A listing's values from the contract (rules.ts: conditions, storage sizes, report reasons) in the
 * current language. The contract's English values are what the API stores and answers; each maps to
 * an id of the 'common' catalog, so the catalog's pages, the seller's form and the Admin's reports say
 * them alike. Call these while rendering, in a component that calls `useT()`.
 */

const conditionIds: Record<Condition, Key<'common'>> = { Excellent: 'condition.excellent', Good: 'condition.good', Fair: 'condition.fair' };
const meaningIds: Record<Condition, Key<'common'>> = {
  Excellent: 'conditionMeaning.excellent',
  Good: 'conditionMeaning.good',
  Fair: 'conditionMeaning.fair',
};
const reasonIds: Record<ReportReason, Key<'common'>> = {
  spam: 'reportReason.spam',
  fake: 'reportReason.fake',
  stolen: 'reportReason.stolen',
  'wrong-category': 'reportReason.wrongCategory',
  offensive: 'reportReason.offensive',
  other: 'reportReason.other',
};

/** 'Excellent', 'Good', 'Fair' (চমৎকার, ভালো, মোটামুটি). */
export const conditionName = (condition: Condition) => translate(conditionIds[condition]);

/** What a condition means, the line under it on the phone's page and in the seller's form. */
export const conditionMeaning = (condition: Condition) => translate(meaningIds[condition]);

/** Why a phone was reported: 'Possibly stolen'. */
export const reportReasonName = (reason: ReportReason) => translate(reasonIds[reason]);

/** A size in GB as phones are sold: '128 GB', '1 TB' for 1024 ('১২৮ জিবি'). RAM too. */
export const storageLabel = (gb: number) =>
  gb >= 1024 && gb % 1024 === 0 ? translate('storage.tb', { size: number(gb / 1024) }) : translate('storage.gb', { size: number(gb) });

const plain = new Map<string, Intl.NumberFormat>();
/** A whole number in the language's digits without grouping, where the spec writes it bare ('1000', '১০০০'): counters, lengths. */
export function digits(n: number): string {
  const lang = isLang(i18n.locale) ? i18n.locale : 'en';
  let format = plain.get(lang);
  if (!format) plain.set(lang, (format = new Intl.NumberFormat(intlLocale[lang], { useGrouping: false })));
  return format.format(n);
}
