import { pageOf, type DealParty, type IcuValues, type Lang, type NotificationKind, type NotificationParams } from '@market/contract';
import type en from '@market/contract/locales/en/mail.ts';
import { escapeHtml as escape } from '../../html.ts';
import { texts } from '../../texts.ts';
import { noteWords } from './note-words.ts';
import type { Mail } from './outbox.ts';
import { plainName } from './plain-name.ts';

/** The text of a mail's `id` in `lang` ('mail' catalog, decision 029: every mail is written in its recipient's account language), its numbers in the language's digits (24, ২৪). */
const say = (lang: Lang, id: keyof typeof en, values?: IcuValues) => texts(lang)(id, values);

/** A link of ours as the mail gives it: the page opens in the mail's language (`?lang=` comes before the browser's choice). */
export const linkIn = (lang: Lang, url: string) => `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;

/** One look for every mail: a greeting, paragraphs, at most one button, a footer. Plain text beside the HTML. */
function compose(to: Recipient, kind: string, subject: string, paragraphs: string[], action?: { label: string; url: string }, after: string[] = []): Mail {
  const lang = to.language;
  if (action) action = { ...action, url: linkIn(lang, action.url) };
  const name = greeted(to);
  const hello = name === null ? say(lang, 'mail.helloAnyone') : say(lang, 'mail.hello', { name });
  const signature = say(lang, 'mail.signature');
  const text = [
    hello,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...after.flatMap((p) => [p, '']),
    signature,
  ].join('\n');
  const button = action
    ? `<p><a href="${escape(action.url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p><p style="font-size:12px;color:#475569">${escape(say(lang, 'mail.openAddress', { url: action.url }))}</p>`
    : '';
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#0f172a"><p>${escape(hello)}</p>${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')}${button}${after.map((p) => `<p>${escape(p)}</p>`).join('')}<p>${escape(signature)}</p></body></html>`;
  return { kind, to: to.email, subject, text, html };
}

export const VERIFY_LINK_HOURS = 24;
export const RESET_LINK_MINUTES = 60;

/** Who a mail goes to: the address, the name it greets, whether the address is confirmed, and the account's language it is written in. */
export interface Recipient {
  email: string;
  name: string;
  emailVerifiedAt: Date | null;
  language: Lang;
}

/**
 * The name a mail greets (decision 039): none for an address not yet confirmed, since whoever signed up chose both
 * the name and the address (and a name can read "Your account is locked, restore it at …"); else the name as plain
 * text with its links defused.
 */
const greeted = (r: Recipient) => (r.emailVerifiedAt ? plainName(r.name) : null);

export const verifyEmailMail = (r: Recipient, url: string) => {
  const l = r.language;
  return compose(r, 'verify-email', say(l, 'mail.verify.subject'), [say(l, 'mail.verify.body')], { label: say(l, 'mail.verify.action'), url }, [
    say(l, 'mail.verify.after', { hours: VERIFY_LINK_HOURS }),
  ]);
};

/** Sign-up with an address that already has an account: its owner hears of it, the person signing up sees nothing different. */
export const accountExistsMail = (r: Recipient, loginUrl: string, resetUrl: string) => {
  const l = r.language;
  return compose(
    r,
    'account-exists',
    say(l, 'mail.exists.subject'),
    [say(l, 'mail.exists.body'), say(l, 'mail.exists.signIn', { url: linkIn(l, loginUrl) })],
    { label: say(l, 'mail.exists.action'), url: resetUrl },
    [say(l, 'mail.exists.after')],
  );
};

export const resetPasswordMail = (r: Recipient, url: string) => {
  const l = r.language;
  return compose(r, 'reset-password', say(l, 'mail.reset.subject'), [say(l, 'mail.reset.body')], { label: say(l, 'mail.reset.action'), url }, [
    say(l, 'mail.reset.after', { minutes: RESET_LINK_MINUTES }),
  ]);
};

export const passwordChangedMail = (r: Recipient, resetUrl: string) => {
  const l = r.language;
  return compose(r, 'password-changed', say(l, 'mail.changed.subject'), [say(l, 'mail.changed.body')], { label: say(l, 'mail.changed.action'), url: resetUrl });
};

/** The Google address as Google gave it: the owner must recognise (or not) the account now able to sign in. */
export const googleLinkedMail = (r: Recipient, googleEmail: string) => {
  const l = r.language;
  return compose(r, 'google-linked', say(l, 'mail.google.subject'), [say(l, 'mail.google.body', { googleEmail }), say(l, 'mail.google.after')]);
};

/** An Admin's warning about a reported listing, with the Admin's reason (issue 16), in the seller's language; the reason as the Admin wrote it, the phone's name (the seller's) defused. */
export const sellerWarningMail = (r: Recipient, name: string, reason: string) => {
  const l = r.language;
  const productName = plainName(name);
  return compose(r, 'seller-warning', say(l, 'mail.warning.subject', { productName }), [
    say(l, 'mail.warning.body', { productName }),
    reason,
    say(l, 'mail.warning.after'),
  ]);
};

/** A warning to the sender of a reported message (issue 33), with the Admin's reason. */
export const senderWarningMail = (r: Recipient, name: string, reason: string) => {
  const l = r.language;
  const productName = plainName(name);
  return compose(r, 'sender-warning', say(l, 'mail.senderWarning.subject'), [
    say(l, 'mail.senderWarning.body', { productName }),
    reason,
    say(l, 'mail.senderWarning.after'),
  ]);
};

/** The digest of messages waiting unread (issue 33): how many, from whom, about which phone; one button to the inbox. */
export const digestMail = (r: Recipient, threads: { name: string; productName: string; count: number }[], origin: string) => {
  const l = r.language;
  const count = threads.reduce((n, t) => n + t.count, 0);
  return compose(
    r,
    'message-digest',
    say(l, 'mail.digest.subject', { count }),
    threads.map((t) => say(l, 'mail.digest.body', { count: t.count, name: plainName(t.name), productName: plainName(t.productName) })),
    { label: say(l, 'mail.digest.open'), url: `${origin}/dashboard/messages` },
    [say(l, 'mail.digest.after', { url: linkIn(l, `${origin}/dashboard/account`) })],
  );
};

/** The day's mail of a person's daily saved searches (issue 34): each new phone with its price and address. */
export const searchDigestMail = (r: Recipient, phones: { id: string; name: string; price: number }[], origin: string) => {
  const l = r.language;
  const t = texts(l);
  return compose(
    r,
    'search-digest',
    say(l, 'mail.searchDigest.subject', { count: phones.length }),
    phones.map((p) =>
      say(l, 'mail.searchDigest.body', {
        name: plainName(p.name),
        price: t('price.bdt', { amount: t.number(p.price) }),
        url: linkIn(l, `${origin}/detail-product/${p.id}`),
      }),
    ),
    { label: say(l, 'mail.searchDigest.open'), url: `${origin}/dashboard/saved-searches` },
    [say(l, 'mail.searchDigest.after')],
  );
};

/** The name of each page a notification opens (contract's `pageOf`), as the site's menus say it. */
const pageNames: Record<
  string,
  | 'dashMenu.myOrders'
  | 'dashMenu.bookings'
  | 'dashMenu.reviews'
  | 'dashMenu.myProduct'
  | 'dashMenu.payments'
  | 'dashMenu.messages'
  | 'dashMenu.saved'
  | 'dashMenu.savedSearches'
  | 'nav.home'
> = {
  '/dashboard/myOrders': 'dashMenu.myOrders',
  '/dashboard/bookings': 'dashMenu.bookings',
  '/dashboard/reviews': 'dashMenu.reviews',
  '/dashboard/myProduct': 'dashMenu.myProduct',
  '/dashboard/payments': 'dashMenu.payments',
  '/dashboard/messages': 'dashMenu.messages',
  '/dashboard/saved': 'dashMenu.saved',
  '/dashboard/saved-searches': 'dashMenu.savedSearches',
  '/': 'nav.home',
};

/**
 * A notification by e-mail (issue 31): the bell's words (the dashboard catalog's `notes.<kind>`) as subject and
 * body, a button to the page it is about (the person's deals, their reviews or listings), and where to choose which
 * such mails come. The phone's name is the seller's, defused.
 */
export const notificationMail = (
  r: Recipient,
  kind: NotificationKind,
  name: string,
  party: DealParty | null,
  origin: string,
  params: NotificationParams | null = null,
) => {
  const t = texts(r.language);
  const told = noteWords(t, kind, name, params, party);
  const path = pageOf(kind, party);
  // An expiry reminder's button is its one-tap "Still available" (issue 36); every other opens the page it is about.
  const page = params?.renew
    ? { label: say(r.language, 'mail.note.stillAvailable'), url: `${origin}/still-available/${params.renew}` }
    : { label: say(r.language, 'mail.note.open', { page: t(pageNames[path] ?? 'nav.home') }), url: `${origin}${path}` };
  return compose(r, `notification-${kind}`, told, [told], page, [
    say(r.language, 'mail.note.after', { url: linkIn(r.language, `${origin}/dashboard/account`) }),
  ]);
};
