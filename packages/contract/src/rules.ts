/*
 * The rules the server enforces on what people type, as plain data and small checks without zod:
 * the schemas of this package are built from them (the server), and the web app's forms check the
 * same rules before they submit (no validation library in the bundle). A check answers what the
 * server would say after the field's name ('must be at most 120 characters'), or null.
 */

/** A phone's condition, as sellers choose it. */
export const conditions = ['Excellent', 'Good', 'Fair'] as const;
/** The spec's history filter: how the admin's chart groups the products posted (GET /api/admin-overview?period=). */
export const periods = ['Daily', 'Weekly', 'Monthly'] as const;

/** How a search can be sorted (GET /api/products). */
export const searchSorts = ['relevance', 'newest', 'price_asc', 'price_desc'] as const;

/** A UUID's shape (any version): ids, and the names of uploaded pictures. */
export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const uuidShape = new RegExp(`^${UUID}$`, 'i');
/** Whether a string has a UUID's exact shape: anything looser would reach the database as a malformed uuid. */
export const isUuid = (value: string): boolean => uuidShape.test(value);

const takaFormat = new Intl.NumberFormat('en-IN');
/** Taka amounts with South Asian digit grouping: 1,25,000. */
export const taka = (amount: number) => takaFormat.format(amount);

/** Longest text the server keeps, per field (characters, after trimming). */
export const maxLength = {
  productName: 120,
  location: 120,
  description: 2000,
  userName: 80,
  meetingLocation: 200,
  email: 254,
  password: 200,
} as const;

export const minPasswordLength = 6;
/** The highest price a phone can have, in taka. */
export const maxTaka = 10_000_000;
export const maxUseYears = 50;

/** Pictures: the kinds the server reads (it checks the bytes, not the name) and the largest file. */
export const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const maxImageBytes = 5 * 1024 * 1024;

/** A phone number as people write it: digits, spaces and dashes, an optional leading '+'. */
export const phonePattern = /^\+?[0-9][0-9 -]{5,19}$/;
/** zod's own e-mail pattern, shared so the form and the server accept exactly the same addresses. */
export const emailPattern = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** Control characters (NUL included) have no place in names, places or descriptions. */
// eslint-disable-next-line no-control-regex
export const noControlPattern = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

export const messages = {
  required: 'is required',
  control: 'must not contain control characters',
  tooLong: (max: number) => `must be at most ${max} characters`,
  phone: 'must be 6 to 20 digits, spaces or dashes, with an optional + in front',
  email: 'must be a valid e-mail address',
  passwordShort: `must be at least ${minPasswordLength} characters`,
  passwordLong: `must be at most ${maxLength.password} characters`,
  number: 'must be a number',
  wholeTaka: 'must be a whole number of taka',
  positive: 'must be a positive number',
  tooHigh: (max: number) => `must be at most ${taka(max)}`,
  imageType: 'must be a JPEG, PNG, WebP, GIF or AVIF picture',
  imageSize: 'is too large: at most 5 MB',
  future: 'cannot be in the future',
} as const;

type Problem = string | null;

/** Free text: required, at most `max` characters once trimmed, no control characters. */
export function textProblem(value: string, max: number): Problem {
  const text = value.trim();
  if (text === '') return messages.required;
  if (text.length > max) return messages.tooLong(max);
  if (!noControlPattern.test(text)) return messages.control;
  return null;
}

export const phoneProblem = (value: string): Problem => (phonePattern.test(value.trim()) ? null : messages.phone);

export function emailProblem(value: string): Problem {
  const email = value.trim();
  if (email.length > maxLength.email || !emailPattern.test(email)) return messages.email;
  return null;
}

export function passwordProblem(value: string): Problem {
  if (value.length < minPasswordLength) return messages.passwordShort;
  if (value.length > maxLength.password) return messages.passwordLong;
  return null;
}

const bengaliDigits = /[০-৯]/g;
/** Plain digits, or digits grouped by commas the international way (1,250,000) or the South Asian way (12,50,000). */
const amountPattern = /^(\d+|\d{1,3}(,\d{3})+|\d{1,2}(,\d{2})*,\d{3})(\.\d{1,6})?$/;

/**
 * A number as people in Bangladesh write it: '125000', '1,25,000', '125,000', '1.5', also in
 * Bengali digits ('১,২৫,০০০'). Anything else (other separators, signs, letters) is not a number.
 */
export function parseAmount(value: string): number | null {
  const text = value.trim().replace(bengaliDigits, (d) => String(d.charCodeAt(0) - 0x09e6));
  if (!amountPattern.test(text)) return null;
  return Number(text.replaceAll(',', ''));
}

/** A price in taka: a whole positive number up to `maxTaka`. */
export function takaProblem(value: string | number): Problem {
  const amount = typeof value === 'number' ? value : parseAmount(value);
  if (amount === null || !Number.isFinite(amount)) return messages.number;
  if (!Number.isInteger(amount)) return messages.wholeTaka;
  if (amount <= 0) return messages.positive;
  if (amount > maxTaka) return messages.tooHigh(maxTaka);
  return null;
}

/** Years of use: a positive number up to `maxUseYears` (halves and the like allowed). */
export function useYearsProblem(value: string | number): Problem {
  const years = typeof value === 'number' ? value : parseAmount(value);
  if (years === null || !Number.isFinite(years)) return messages.number;
  if (years <= 0) return messages.positive;
  if (years > maxUseYears) return messages.tooHigh(maxUseYears);
  return null;
}

/** A picture chosen for upload, by what the browser says it is. */
export function imageProblem(file: { type: string; size: number }): Problem {
  if (!(imageTypes as readonly string[]).includes(file.type)) return messages.imageType;
  if (file.size > maxImageBytes) return messages.imageSize;
  return null;
}

/** The latest calendar date anywhere (UTC+14): a seller's own "today" is never later, whatever the server's clock zone. */
export const latestToday = (now = Date.now()) => new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);
