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

/** What an Admin did (issue 16): each act is appended to the audit log, which nothing in the app changes or deletes. */
export const auditActions = [
  'verify-seller',
  'delete-user',
  'delete-product',
  'dismiss-reports',
  'warn-seller',
  'suspend-seller',
  'reinstate-seller',
  'suspend-buyer',
  'reinstate-buyer',
  'refund-order',
  'release-dispute',
  'split-dispute',
  'send-payout-batch',
  'settle-payout',
  'adjust-balance',
  'read-conversation',
  'dismiss-message-reports',
  'warn-sender',
  'add-phone-model',
  'add-model-alias',
  'approve-listing',
  'reject-listing',
] as const;

/** Why a buyer reports a phone (issue 16); 'other' needs a few words. */
export const reportReasons = ['spam', 'fake', 'stolen', 'wrong-category', 'offensive', 'other'] as const;
export const reportReasonNames: Record<(typeof reportReasons)[number], string> = {
  spam: 'Spam',
  fake: 'Fake or misleading',
  stolen: 'Possibly stolen',
  'wrong-category': 'Wrong category',
  offensive: 'Offensive',
  other: 'Other',
};

/**
 * How a search can be sorted (GET /api/products). best_deal: the lowest price for its model, storage and condition
 * first, against the median its price guide shows (decision 058); phones without a guide after them, newest first.
 */
export const searchSorts = ['relevance', 'newest', 'price_asc', 'price_desc', 'best_deal'] as const;

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
  model: 60,
  colour: 40,
  /** A report's words, and an Admin's reason for an act. */
  reportText: 500,
  /** A review's text, and the seller's answer. */
  review: 1000,
  /** What a buyer says of a dispute (issue 31). */
  dispute: 2000,
  /** A chat message's words (issue 33). */
  message: 2000,
} as const;

/** Stars a review gives, and how long its writer may change it (issue 16). */
export const minStars = 1;
export const maxStars = 5;
export const reviewEditDays = 30;

export const minPasswordLength = 6;
/** The highest price a phone can have, in taka. */
export const maxTaka = 10_000_000;
export const maxUseYears = 50;

/**
 * Pictures: the kinds the server reads (it checks the bytes, not the name) and the largest file: a camera's original
 * (issue 35), sent as it is where the browser cannot scale it down first (apps/web/src/lib/scale-picture.ts).
 */
export const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const maxImageBytes = 20 * 1024 * 1024;
/** Pictures per listing, the cover first. */
export const maxPictures = 8;
/** Phones one person may keep saved (issue 34): their saved ids are one small answer the cards read. */
export const maxSavedPhones = 500;

/** Storage sizes a seller can choose (GB), and RAM (GB): the form's choices and the search filter's. */
export const storageSizes = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024] as const;
export const maxRamGb = 32;
export const maxWarrantyMonths = 36;

/** A storage size in GB as phones are sold: '128 GB', and '1 TB' for 1024. */
export const storageSize = (gb: number) => (gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024} TB` : `${gb} GB`);

/** A card's short line: storage and battery health when the listing gives them ('128 GB · Battery 88%'), else ''. */
export function cardSpecs(p: { storageGb: number | null; batteryHealth: number | null }): string {
  return [p.storageGb === null ? null : storageSize(p.storageGb), p.batteryHealth === null ? null : `Battery ${p.batteryHealth}%`]
    .filter((part) => part !== null)
    .join(' · ');
}

/**
 * How wide a card's picture is drawn, for its `sizes`: a column of one, two or three (web's product-grid.tsx)
 * within max-w-7xl. The server's first screen draws the same cards.
 */
export const cardSizes = '(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw';
/** How wide the detail page draws a listing's picture: half of max-w-6xl from md, the whole width below. */
export const detailSizes = '(min-width: 768px) 560px, 100vw';

/** What each condition means, in one line: on the form and the detail page (issue 15). */
export const conditionMeaning: Record<(typeof conditions)[number], string> = {
  Excellent: 'Like new: no scratches or marks you can see at arm’s length, everything works.',
  Good: 'Light signs of use: small scratches on the body or screen, everything works.',
  Fair: 'Clear signs of use: scratches or dents; any fault is named in the description.',
};

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
  imageSize: `is too large: at most ${maxImageBytes / 1024 / 1024} MB`,
  future: 'cannot be in the future',
  imeiShape: 'must be 15 digits (dial *#06# on the phone to see it)',
  imeiCheck: 'is not a valid IMEI: its last digit does not match the other 14 (check for a typing mistake)',
  imeiTaken: 'This IMEI is already listed: the same handset cannot be listed twice',
  storage: `must be one of ${storageSizes.join(', ')} GB`,
  battery: 'must be a whole percentage from 1 to 100',
  ram: `must be a whole number of GB from 1 to ${maxRamGb}`,
  stars: `must be a whole number of stars from ${minStars} to ${maxStars}`,
  warranty: `must be a whole number of months from 0 to ${maxWarrantyMonths}`,
  wallet: 'must be a Bangladeshi mobile number: 01 and 9 more digits (+880 in front is fine)',
  bankAccount: 'must be the account number: 10 to 17 digits',
  routingNumber: "must be the branch's routing number: 9 digits",
  smsCode: 'must be the 6 digits of the code we sent',
  district: "must be one of Bangladesh's 64 districts",
  division: "must be one of Bangladesh's 8 divisions",
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

/**
 * A Bangladeshi mobile number (issue 32: a bKash wallet) in its local form, 01XXXXXXXXX (operator digit 3–9), from
 * however people write it: +880 1…, 880 1…, 01…, with spaces or dashes, in Bangla digits too. Null when it is none.
 */
export function bdMobile(value: string): string | null {
  const digits = value.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/[\s-]/g, '');
  const m = /^(?:\+?880|0)?(1[3-9]\d{8})$/.exec(digits);
  return m ? `0${m[1]}` : null;
}
/** The number as SMS gateways take it: 8801XXXXXXXXX. */
export const msisdnOf = (local: string) => `88${local}`;

/** A bank account for payouts (issue 32): the account's number (10 to 17 digits) and the branch's routing number (9 digits, Bangladesh Bank's). */
export const bankAccountPattern = /^\d{10,17}$/;
export const routingNumberPattern = /^\d{9}$/;
/** A one-time code sent by SMS. */
export const smsCodePattern = /^\d{6}$/;

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

/** An IMEI as typed: spaces, dashes and slashes are dropped (people copy it grouped), Bengali digits read. */
export const imeiDigits = (value: string) => value.replace(bengaliDigits, (d) => String(d.charCodeAt(0) - 0x09e6)).replace(/[\s\-/]/g, '');

/** Whether the last digit of these digits is their Luhn check digit (an IMEI's 15th digit is). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The digit that, put after these, makes them pass the Luhn check (an IMEI's 15th digit after its first 14). */
export function luhnDigit(digits: string): string {
  for (let d = 0; d < 10; d++) if (luhnValid(digits + d)) return String(d);
  throw new Error('unreachable: one of ten digits completes any number');
}

/** A handset's IMEI: 15 digits whose last one is the Luhn check digit. */
export function imeiProblem(value: string): Problem {
  const digits = imeiDigits(value);
  if (!/^\d{15}$/.test(digits)) return messages.imeiShape;
  return luhnValid(digits) ? null : messages.imeiCheck;
}

/** An IMEI as people other than its seller and Admins see it: only the last four digits. */
export const maskedImei = (imei: string) => `${'•'.repeat(imei.length - 4)}${imei.slice(-4)}`;

/** A whole number from `min` to `max` (given as text by a form, or a number), or the message `problem`. */
export function wholeProblem(value: string | number, min: number, max: number, problem: string): Problem {
  const n = typeof value === 'number' ? value : parseAmount(value);
  return n !== null && Number.isInteger(n) && n >= min && n <= max ? null : problem;
}

/** The latest calendar date anywhere (UTC+14): a seller's own "today" is never later, whatever the server's clock zone. */
export const latestToday = (now = Date.now()) => new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);

/** Bangladesh's calendar date now (UTC+6 all year): the day a meeting is on, whatever the server's clock zone. */
export const dhakaToday = (now = Date.now()) => new Date(now + 6 * 3_600_000).toISOString().slice(0, 10);

/** The last day a booking may name for its meeting: within this many days of booking (issue 31). */
export const meetingDaysAhead = 30;

/** The calendar date `days` after `date` (both YYYY-MM-DD). */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Why `date` cannot be a meeting day booked now (not before today in Bangladesh, at most 30 days ahead), or null. */
export function meetingDateProblem(date: string, now = Date.now()): Problem {
  const today = dhakaToday(now);
  if (date < today) return 'must be today or later';
  if (date > addDays(today, meetingDaysAhead)) return `must be within ${meetingDaysAhead} days`;
  return null;
}
