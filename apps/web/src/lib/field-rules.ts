import {
  emailProblem,
  imageProblem,
  imeiProblem,
  messages,
  passwordProblem,
  phoneProblem,
  takaProblem,
  textProblem,
  useYearsProblem,
  wholeProblem,
} from '@market/contract/rules';

/*
 * react-hook-form rules made from the contract's own checks (packages/contract/src/rules.ts), so a
 * form says what the server would, next to the field and before anything is sent. `required` is
 * the spec's message for an empty field; the others read '<label> <what the server says>'.
 */

type Check = (value: string) => string | null;

/** What a field says of a problem: '<label> <the server's words>', or nothing (true). */
const said = (label: string, problem: string | null): string | true => (problem ? `${label} ${problem}` : true);

const rule = (label: string, required: string, check: Check) => ({
  validate: (value: string): string | true => (typeof value !== 'string' || value.trim() === '' ? required : said(label, check(value))),
});

/** Free text of at most `max` characters (the field also shows a counter). */
export const textRule = (label: string, required: string, max: number) => rule(label, required, (v) => textProblem(v, max));
export const phoneRule = (label: string, required: string) => rule(label, required, phoneProblem);
export const emailRule = (label: string, required: string) => rule(label, required, emailProblem);
/** Taka as people write it: '125000', '1,25,000', '125,000'. */
export const takaRule = (label: string, required: string) => rule(label, required, takaProblem);
export const useYearsRule = (label: string, required: string) => rule(label, required, useYearsProblem);
/** An optional field: empty is fine, anything typed is checked as the server checks it. */
const optional = (label: string, check: Check) => ({
  validate: (value: string): string | true => (typeof value !== 'string' || value.trim() === '' ? true : said(label, check(value))),
});
/** Optional free text of at most `max` characters (a model number, a colour). */
export const optionalTextRule = (label: string, max: number) => optional(label, (v) => textProblem(v, max));
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
