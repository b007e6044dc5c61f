import { i18n } from '@lingui/core';
import {
  bankAccountPattern,
  bdMobile,
  emailProblem,
  imageProblem,
  imeiProblem,
  maxImageBytes,
  maxLength,
  maxRamGb,
  maxStars,
  maxTaka,
  maxWarrantyMonths,
  messages,
  minPasswordLength,
  minStars,
  passwordProblem,
  phoneProblem,
  routingNumberPattern,
  smsCodePattern,
  storageSizes,
  takaProblem,
  textProblem,
  wholeProblem,
} from '@market/contract/rules';
import { number } from './format.ts';
import { defaultLang } from '@market/contract';
import { setFieldSayer } from './errors.ts';
import { currentLang, translate, useT } from './i18n.ts';

/*
 * react-hook-form rules made from the contract's own checks (packages/contract/src/rules.ts), so a
 * form says what the server would, next to the field and before anything is sent. `required` is
 * the spec's message for an empty field; the others read '<label> <what the server says>'. The
 * server says it in English (the contract's `messages`); the form says it in the page's language,
 * from the 'forms' catalog: a form that uses these rules calls `useFieldRules()` to have it loaded.
 * `label` and `required` come translated from the form.
 */

/** Loads the forms' messages in the page's language (suspends until they are in): every form using these rules calls it. */
export function useFieldRules(): void {
  useT('forms');
}

type Check = (value: string) => string | null;
type Problem = Exclude<keyof typeof messages, 'imeiTaken'>;

/** A number in the language's digits, ungrouped as sizes are written ('1024'). */
const digits = (n: number) => new Intl.NumberFormat(i18n.locales, { useGrouping: false }).format(n);

/**
 * Each of the contract's messages a check can give, in the page's language, after the field's label.
 * `limit`: the most the rule allows (a text's length, an amount), which some of them name.
 */
const inLanguage: Record<Problem, (label: string, limit: number) => string> = {
  required: (label) => translate('forms.required', { label }),
  control: (label) => translate('forms.control', { label }),
  tooLong: (label, max) => translate('forms.tooLong', { label, max: number(max) }),
  phone: (label) => translate('forms.phone', { label }),
  email: (label) => translate('forms.email', { label }),
  passwordShort: (label) => translate('forms.passwordShort', { label, min: number(minPasswordLength) }),
  passwordLong: (label) => translate('forms.passwordLong', { label, max: number(maxLength.password) }),
  number: (label) => translate('forms.number', { label }),
  wholeTaka: (label) => translate('forms.wholeTaka', { label }),
  positive: (label) => translate('forms.positive', { label }),
  tooHigh: (label, max) => translate('forms.tooHigh', { label, max: number(max) }),
  imageType: (label) => translate('forms.imageType', { label }),
  imageSize: (label) => translate('forms.imageSize', { label, size: number(maxImageBytes / 1024 / 1024) }),
  future: (label) => translate('forms.future', { label }),
  imeiShape: (label) => translate('forms.imeiShape', { label }),
  imeiCheck: (label) => translate('forms.imeiCheck', { label }),
  storage: (label) => translate('forms.storage', { label, sizes: storageSizes.map(digits).join(', ') }),
  battery: (label) => translate('forms.battery', { label, min: number(1), max: number(100) }),
  ram: (label) => translate('forms.ram', { label, min: number(1), max: number(maxRamGb) }),
  stars: (label) => translate('forms.stars', { label, min: number(minStars), max: number(maxStars) }),
  warranty: (label) => translate('forms.warranty', { label, min: number(0), max: number(maxWarrantyMonths) }),
  wallet: (label) => translate('forms.wallet', { label }),
  bankAccount: (label) => translate('forms.bankAccount', { label }),
  routingNumber: (label) => translate('forms.routingNumber', { label }),
  smsCode: (label) => translate('forms.smsCode', { label }),
  district: (label) => translate('forms.district', { label }),
  division: (label) => translate('forms.division', { label }),
};
const problems = Object.keys(inLanguage) as Problem[];

/**
 * Which of the contract's messages `problem` is, and the limit it names. A message that names a limit
 * ('must be at most 200 characters') is matched with `limit`, else with the number written in it
 * (the server's words, where the limit is not known here).
 */
function problemName(problem: string, limit: number): [Problem, number] | undefined {
  const written = Number(/\d[\d,]*/.exec(problem)?.[0].replaceAll(',', '') ?? 0);
  for (const p of problems) {
    const message = messages[p];
    if (typeof message !== 'function') {
      if (message === problem) return [p, limit];
    } else for (const n of [limit, written]) if (message(n) === problem) return [p, n];
  }
  return undefined;
}

/** What a field says of a problem (the contract's words): '<label> <the problem>' in the page's language, or nothing (true). */
export function said(label: string, problem: string | null, limit = 0): string | true {
  if (!problem) return true;
  const known = problemName(problem, limit);
  return known ? inLanguage[known[0]](label, known[1]) : `${label} ${problem}`;
}

/**
 * A field the server refused (`invalid_input`'s `fields`), in the page's language: the contract's message
 * as a form says it, else the server's words in English, or that the field is not valid in another language.
 */
export function saidOfField(field: string, problem: string): string {
  const known = problemName(problem, 0);
  if (known) return inLanguage[known[0]](field, known[1]);
  return currentLang() === defaultLang ? `${field} ${problem}` : translate('forms.invalid', { label: field });
}
setFieldSayer(saidOfField);

const rule = (label: string, required: string, check: Check, limit?: number) => ({
  validate: (value: string): string | true => (typeof value !== 'string' || value.trim() === '' ? required : said(label, check(value), limit)),
});

/** Free text of at most `max` characters (the field also shows a counter). */
export const textRule = (label: string, required: string, max: number) => rule(label, required, (v) => textProblem(v, max), max);
export const phoneRule = (label: string, required: string) => rule(label, required, phoneProblem);
export const emailRule = (label: string, required: string) => rule(label, required, emailProblem);
/** Taka as people write it: '125000', '1,25,000', '125,000'. */
export const takaRule = (label: string, required: string) => rule(label, required, takaProblem, maxTaka);
/** An optional field: empty is fine, anything typed is checked as the server checks it. */
const optional = (label: string, check: Check, limit?: number) => ({
  validate: (value: string): string | true => (typeof value !== 'string' || value.trim() === '' ? true : said(label, check(value), limit)),
});
/** Optional free text of at most `max` characters (a model number, a colour). */
export const optionalTextRule = (label: string, max: number) => optional(label, (v) => textProblem(v, max), max);
/** A whole number from `min` to `max` (battery health, RAM, months of warranty); `required` null: the field may stay empty. */
export const wholeRule = (label: string, required: string | null, min: number, max: number, problem: string) => {
  const check = (v: string) => wholeProblem(v, min, max, problem);
  return required === null ? optional(label, check) : rule(label, required, check);
};
/** A handset's IMEI: 15 digits (grouped with spaces or dashes as people copy it) ending in the Luhn check digit; `required` null: may stay empty. */
export const imeiRule = (label: string, required: string | null) => (required === null ? optional(label, imeiProblem) : rule(label, required, imeiProblem));
/** A new password: the spec's 'required' message, then the server's length rules (spaces count: a password is not trimmed). */
export const passwordRule = (label: string, required: string) => ({
  validate: (value: string) => (value === '' ? required : said(label, passwordProblem(value))),
});
/** Digits as people type them for a number read out (an account, a code): Bangla digits read, spaces and dashes dropped. */
export const plainDigits = (value: string) => value.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/[\s-]/g, '');
/** A bKash wallet: a Bangladeshi mobile number however it is written (01…, +880 1…, with spaces or dashes). */
export const walletRule = (label: string, required: string) => rule(label, required, (v) => (bdMobile(v) ? null : messages.wallet));
/** A bank account's number (10 to 17 digits) and its branch's routing number (9 digits), as the server checks them. */
export const bankAccountRule = (label: string, required: string) =>
  rule(label, required, (v) => (bankAccountPattern.test(plainDigits(v)) ? null : messages.bankAccount));
export const routingNumberRule = (label: string, required: string) =>
  rule(label, required, (v) => (routingNumberPattern.test(plainDigits(v)) ? null : messages.routingNumber));
/** The 6 digits of a code sent by SMS. */
export const smsCodeRule = (label: string, required: string) => rule(label, required, (v) => (smsCodePattern.test(plainDigits(v)) ? null : messages.smsCode));
/** A date on or before the user's own today (the server allows up to the latest today anywhere). */
export const pastDateRule = (label: string, required: string, today: string) => rule(label, required, (v) => (v > today ? messages.future : null));
/** A picture file chosen for upload: checked before the upload starts; `required` null: none may be chosen (an edit keeps the current one). */
export const imageRule = (label: string, required: string | null) => ({
  validate: (files: FileList | null) => {
    const file = files?.[0];
    return file ? said(label, imageProblem(file)) : (required ?? true);
  },
});

/** Today's date in the browser's zone, as an `<input type="date">` writes it. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
