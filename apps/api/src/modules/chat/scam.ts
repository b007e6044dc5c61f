/*
 * Warning signs in a chat message between a buyer and a seller: the ways people are robbed on a phone marketplace
 * in Bangladesh. Asking to be paid by Send Money to a personal number, asking for an OTP or a wallet's PIN, moving
 * the talk to WhatsApp or imo where the site sees nothing, and a link to a payment page that is not the site's.
 * Pure: text in, signs out; English, Bangla and Banglish (Bangla in Latin letters) alike.
 */

import { scamSigns, type ScamSign } from '@market/contract';

export { scamSigns, type ScamSign };

/** The site's own hosts: a link to one of them (or to a subdomain) is no sign. */
export interface ScamOptions {
  ownHosts?: string[];
}

/** A Bangla spelling with what people write either way left out: ী as ি, ূ as ু, no nukta (য় as য), no candrabindu. */
const fold = (text: string) =>
  text
    .replace(/ী/gu, 'ি')
    .replace(/ূ/gu, 'ু')
    .replace(/[\u09BC\u0981]/gu, '');

/**
 * The text as the signs read it: NFKC (full-width and styled letters as plain ones), lower case, no zero-width
 * characters, Bangla digits as ASCII ones, one kind of apostrophe, folded Bangla, single spaces.
 */
const read = (text: string) =>
  fold(text.normalize('NFKC').toLowerCase())
    .replace(/[\u200B-\u200D\u2060\uFEFF]/gu, '')
    .replace(/[০-৯]/gu, (d) => String(d.charCodeAt(0) - 0x09e6))
    .replace(/[‘’ʼ`]/gu, "'")
    .replace(/\s+/gu, ' ')
    .trim();

/** A regex from its source, folded as the text is, so that it may be written in the usual Bangla spelling. */
const rx = (strings: TemplateStringsArray, ...parts: string[]) => new RegExp(fold(String.raw(strings, ...parts).normalize('NFKC')), 'u');

/** Where a word starts (`\b` knows only ASCII letters, and a Bangla word takes its case ending without a space). */
const START = String.raw`(?<![\p{L}\p{M}\p{N}_])`;

/** Each place `re` matches in `text`. */
const matchesOf = (text: string, re: RegExp) => [...text.matchAll(new RegExp(re.source, 'gu'))];

/** The words just before a match, and just after it, within its clause (after it, with the mark that ends the clause). */
const before = (text: string, m: RegExpMatchArray) => text.slice(Math.max(0, (m.index ?? 0) - 40), m.index).replace(/^.*[,.!?।;:]/u, '');
const after = (text: string, m: RegExpMatchArray) =>
  text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 40).replace(/([,.!?।;:]).*$/u, '$1');

// Negation. English says it before ("I don't use WhatsApp", "never share your OTP", "no advance"); Bangla and
// Banglish after, in the first person or the future ("WhatsApp nai", "imo use kori na", "ওটিপি কাউকে দিবেন না").
// A second person's "দেন না", "koren na" is a polite request ("ভাইবারে নক দেন না": do knock me on Viber), never a negation.

const NOT_BEFORE =
  /(?:^|[^\p{L}])(?<!why )(?:don't|dont|do not|never|not|no|won't|wont|will not|can't|cant|cannot|without)(?: (?:use|using|have|share|sharing|give|giving|send|sending|tell|pay|paying|ask|asking|need|want|any|your|my|the|a|an|on|in|via|for|to|me|anyone|anybody|with|it|of)){0,3} $/u;
const NOT_AFTER = rx`^[^ ,.!?।]*(?: [^ ,.!?।]+){0,2}? (?:nai|nei|use kori na|kori na|korina|chalai na|diben na|deben na|dibo na|debo na|bolben na|korben na|korbo na|pathabo na|নেই|নাই|করি না|চালাই না|দিবেন না|দেবেন না|দিব না|দিবো না|দেব না|বলবেন না|করবেন না|করব না|করবো না|পাঠাব না|পাঠাবো না)(?![\p{L}\p{M}])(?! ?\?)`;
/** A bare "না" right after a name, as in "হোয়াটসঅ্যাপে না, এখানেই" (not on WhatsApp: here). */
const NOT_THIS_ONE = rx`^(?:e|te|ey|y|ে|তে|এ)?(?: (?:e|te|এ|তে))? (?:na|না)(?= ?(?:[,.!?।]|$|ekhane|ekhanei|এখানে|here))`;

/** Whether a name (an app, a wallet, an OTP) is said and not denied: "no WhatsApp" and "হোয়াটসঅ্যাপে না" do not count. */
const named = (text: string, re: RegExp) =>
  matchesOf(text, re).some((m) => !NOT_BEFORE.test(before(text, m)) && !NOT_AFTER.test(after(text, m)) && !NOT_THIS_ONE.test(after(text, m)));
/** Whether a request is made and not denied ("I won't send money", "অগ্রিম দিব না"; "bkash koren na" still asks). */
const asked = (text: string, re: RegExp) => matchesOf(text, re).some((m) => !NOT_BEFORE.test(before(text, m)) && !NOT_AFTER.test(after(text, m)));

/**
 * A Bangladeshi mobile number: 01[3-9] and 8 more digits, maybe after +88 or 88, maybe with spaces, dots or dashes
 * between the digits; never a piece of a longer number (an IMEI holds 15 digits).
 */
const MOBILE = /(?<![\d+])(?:\+?88[ .-]?)?0[ .-]?1[ .-]?[3-9](?:[ .-]?\d){8}(?!\d)/u;

/** A mobile wallet, as people spell it; "নগদ টাকা" and "nogod taka" are cash, not Nagad. */
const WALLET = rx`${START}(?:b[ -]?i?kash?|বিকাশ|বিকাস|বিক্যাশ|n[ao]g[ao]d(?! ?taka)|নগদ(?! ?টাকা)|rocket|রকেট|upay)`;

// send_money: a request to pay outside the site. Said outright (Send Money, cash in, an advance, booking or token
// money, "taka pathan", "bKash it") beside a wallet's name, or any payment word beside a mobile number.

/** Asking to be paid outright. */
const MONEY_ASK = rx`${START}(?:send ?money|সেন্ড ?মানি|cash[ -]?in(?! hand)(?![a-z])|ক্যাশ ?ইন|(?:booking|token) (?:money|taka|tk)|(?:বুকিং|টোকেন) (?:মানি|টাকা)|অগ্রিম|(?:send|pay|give|need)(?: me| an| the| some| in)? advance|advance(?: \d[\d,]*(?: ?(?:tk|taka))?)? (?:din|den|diye|dite|koren|korun|pathan|lagbe|payment|money|taka|tk)|(?:অ্যা|এ)ডভান্স(?: \d+(?: টাকা)?)? (?:দিন|দেন|দিয়ে|দিতে|করুন|করেন|পাঠান|লাগবে|টাকা)|send(?: me)?(?: the)? (?:\d[\d,]* ?)?(?:taka|tk|bdt)(?![a-z])|(?:taka|tk)(?: ?ta)? (?:patha|pathiye)|টাকা(?:টা)? (?:পাঠা|পাঠিয়ে)|(?:b[ -]?i?kash?|n[ao]g[ao]d|rocket) (?:koren|korun|kore d[ie]n)|(?:বিকাশ|নগদ|রকেট) (?:করুন|করেন|করে দিন|করে দেন))`;

/** Any word of payment, which with a mobile number asks to be paid to it. */
const PAYMENT = rx`${MONEY_ASK.source}|${WALLET.source}|${START}(?:(?:pay|send|transfer|deposit)(?: (?:it|money|taka|tk))? (?:to|on|in|into) (?:this|my|the|that) (?:number|no|num|nmbr|account|acc)|(?:payment|pay|পেমেন্ট) (?:koren|korun|kore d[ie]n|din|den|করুন|করেন|করে দিন|দিন))`;

const sendsMoney = (text: string) => (asked(text, MONEY_ASK) && named(text, WALLET)) || (MOBILE.test(text) && asked(text, PAYMENT));

// otp_pin: asking for a one-time code or a wallet's PIN. An OTP by name always counts; a PIN, a password or a code
// counts when it is a wallet's, or asked for and not the phone's lock, a postal code or the site's handover code
// (which the buyer gives the seller at the meeting).

/** A one-time code by name. */
const OTP = rx`${START}(?:o\.? ?t\.? ?p(?:s|ta|ti|e|er)?(?![a-z])|ওটিপি|ও ?টি ?পি|one[ -]time (?:password|pass ?code|code|pin)|(?:verification|verify|confirmation|security|sms) (?:code|pin)|ভেরিফিকেশন কোড|যাচাই(?:করণ)? কোড)`;

/** A secret that is a sign only when asked for, or a wallet's. */
const SECRET = rx`${START}(?:pin|pass ?word|pass ?code|code|পিন|পাসওয়ার্ড|কোড)(?![a-z])`;

/** A wallet's own: "bKash PIN", "বিকাশের পিন", "nagad account er password". */
const WALLETS_OWN = rx`(?:${WALLET.source})[^ ]*(?: (?:er|account|acc|app|এর|অ্যাকাউন্ট|অ্যাকাউন্টের|একাউন্ট|একাউন্টের))? $`;

/** Asking for it, said before: "send me the code", "tell me your PIN", "what is the code". */
const ASKED_BEFORE = rx`${START}(?:(?:send|tell|give|share|forward|type|read out)(?: me| us)?(?: (?:the|your|ur|that|this))?|(?:what's|whats|what is|need)(?: (?:the|your|ur))?)(?: [^ ]+){0,2} $`;

/** Asking for it, said after ("code ta bolen", "পিন দিন", "the code you just got"), or a code that came to the phone. */
const ASKED_AFTER = rx`^.{0,30}?(?:${START}(?:den|din|dao|diyen|dien|diben|deben|dite hobe|bolen|bolun|bolo|bolben|bolte hobe|pathan|pathao|pathiye|send|share|lagbe|gese|geche|asche|ashche|aseche|esheche|দিন|দেন|দাও|দিবেন|দেবেন|দিয়েন|দিতে হবে|বলুন|বলেন|বলো|বলবেন|বলতে হবে|পাঠান|পাঠাও|পাঠিয়ে|শেয়ার|লাগবে|গেছে|গিয়েছে|এসেছে|আসছে)(?![a-z])|(?:you|u) (?:just )?(?:got|get|received|receive))`;

/** What makes a PIN or a code something else: the phone's lock, a postal code, the handover code, a charging pin. */
const OTHER_SECRET = rx`lock|screen|pattern|face ?id|finger|area|elaka|এলাকা|postal|post office|zip|address|ঠিকানা|charg|ejector|sim tray|handover|hand over|হ্যান্ডওভার|promo|coupon|voucher|discount|qr|country|model|লক|স্ক্রিন|চার্জ|when we meet|at the meeting|meet korle|dekha hole|দেখা হলে`;

const asksForSecret = (text: string) =>
  named(text, OTP) ||
  matchesOf(text, SECRET).some((m) => {
    const [b, a] = [before(text, m), after(text, m)];
    if (WALLETS_OWN.test(b)) return !NOT_BEFORE.test(b);
    return !OTHER_SECRET.test(`${b} ${a}`) && (ASKED_BEFORE.test(b) || ASKED_AFTER.test(a)) && !NOT_BEFORE.test(b) && !NOT_AFTER.test(a);
  });

// off_platform: a chat app's name (WhatsApp, imo, Telegram, Viber, Messenger, and wa.me or t.me links), not denied.
// "imo" alone is also "in my opinion": it counts with a Banglish case ending or a word that makes it the app.

const CHAT_APP = rx`${START}(?:w(?:ha|a|h)?t{1,2}(?:s ?)?ap{1,2}|(?:হো|ও)য়াটস ?(?:অ্যা|এ|আ|্যা)প|imo(?= ?(?:te|e|ey|y)(?![a-z])| (?:number|no|nmbr|nambar|id|call|knock|nok|kotha|msg|message|account|app)(?![a-z]))|(?<=(?:^|[^a-z])(?:on|in|via|use|using) )imo(?![a-z])|ইম[োু](?:তে|র|এ|ে|য়)?(?![\p{L}\p{M}])|telegram|টেলিগ্রাম|viber|ভাইবার|messenger|(?:মে|ম্যা)সেঞ্জার|(?:wp|wa)(?= ?(?:te|e|ey|y)(?![a-z])| (?:number|no|nmbr|nambar)(?![a-z]))|(?:wa|t)\.me/)`;

// payment_link: a link (http, www., or a name with a known top-level domain, or any domain-like name with a path),
// unless it is to the site itself.

const TLD =
  'com|net|org|info|biz|xyz|top|site|online|shop|store|link|click|live|app|io|co|bd|ly|gl|gd|cc|tk|ml|ga|cf|gq|pw|ws|icu|vip|win|club|buzz|cyou|sbs|lol|fun|space|website|tech|pro|dev|page';
const LINK = rx`https?://[^ ]+|www\.[^ ]+|(?<![a-z0-9@._-])[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.(?:(?:${TLD})(?![a-z0-9-])|[a-z]{2,24}(?=/[^ ]))(?:/[^ ]*)?`;

/** A link's host: without its scheme, path, user and port, or the punctuation after it. */
const hostOf = (link: string) => {
  const authority = link.replace(/^[a-z]+:\/\//u, '').split(/[/?#]/u)[0] ?? '';
  return authority
    .slice(authority.lastIndexOf('@') + 1)
    .replace(/:\d*$/u, '')
    .replace(/[^\p{L}\p{N}]+$/u, '');
};

const linksOut = (text: string, ownHosts: string[]) =>
  matchesOf(text, LINK)
    .map((m) => hostOf(m[0]))
    .some((host) => !ownHosts.some((own) => host === own || host.endsWith(`.${own}`)));

/** The warning signs a message's text carries (each once, in scamSigns' order); [] for a harmless one. */
export function scamSignsOf(text: string, options: ScamOptions = {}): ScamSign[] {
  const t = read(text);
  const own = (options.ownHosts ?? []).map((h) => hostOf(h.trim().toLowerCase())).filter(Boolean);
  const carries: Record<ScamSign, boolean> = {
    send_money: sendsMoney(t),
    otp_pin: asksForSecret(t),
    off_platform: named(t, CHAT_APP),
    payment_link: linksOut(t, own),
  };
  return scamSigns.filter((sign) => carries[sign]);
}
