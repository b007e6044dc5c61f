import type { IcuValues, Lang } from '@market/contract';
import type en from '@market/contract/locales/en/mail.ts';
import { escapeHtml as escape } from '../../html.ts';
import { texts } from '../../texts.ts';
import type { Mail } from './outbox.ts';

/** The text of a mail's `id` in `lang` ('mail' catalog, decision 029: every mail is written in its recipient's account language), its numbers in the language's digits (24, ২৪). */
const say = (lang: Lang, id: keyof typeof en, values?: IcuValues) => texts(lang)(id, values);

/** A link of ours as the mail gives it: the page opens in the mail's language (`?lang=` comes before the browser's choice). */
export const linkIn = (lang: Lang, url: string) => `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;

/** One look for every mail: a greeting, paragraphs, at most one button, a footer. Plain text beside the HTML. */
function compose(
  lang: Lang,
  kind: string,
  to: string,
  subject: string,
  name: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  after: string[] = [],
): Mail {
  if (action) action = { ...action, url: linkIn(lang, action.url) };
  const hello = say(lang, 'mail.hello', { name });
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
  return { kind, to, subject, text, html };
}

export const VERIFY_LINK_HOURS = 24;
export const RESET_LINK_MINUTES = 60;

/** Who a mail goes to: the address, the name it greets, and the account's language it is written in. */
export interface Recipient {
  email: string;
  name: string;
  language: Lang;
}

export const verifyEmailMail = ({ email, name, language: l }: Recipient, url: string) =>
  compose(l, 'verify-email', email, say(l, 'mail.verify.subject'), name, [say(l, 'mail.verify.body')], { label: say(l, 'mail.verify.action'), url }, [
    say(l, 'mail.verify.after', { hours: VERIFY_LINK_HOURS }),
  ]);

/** Sign-up with an address that already has an account: its owner hears of it, the person signing up sees nothing different. */
export const accountExistsMail = ({ email, name, language: l }: Recipient, loginUrl: string, resetUrl: string) =>
  compose(
    l,
    'account-exists',
    email,
    say(l, 'mail.exists.subject'),
    name,
    [say(l, 'mail.exists.body'), say(l, 'mail.exists.signIn', { url: linkIn(l, loginUrl) })],
    { label: say(l, 'mail.exists.action'), url: resetUrl },
    [say(l, 'mail.exists.after')],
  );

export const resetPasswordMail = ({ email, name, language: l }: Recipient, url: string) =>
  compose(l, 'reset-password', email, say(l, 'mail.reset.subject'), name, [say(l, 'mail.reset.body')], { label: say(l, 'mail.reset.action'), url }, [
    say(l, 'mail.reset.after', { minutes: RESET_LINK_MINUTES }),
  ]);

export const passwordChangedMail = ({ email, name, language: l }: Recipient, resetUrl: string) =>
  compose(l, 'password-changed', email, say(l, 'mail.changed.subject'), name, [say(l, 'mail.changed.body')], {
    label: say(l, 'mail.changed.action'),
    url: resetUrl,
  });

export const googleLinkedMail = ({ email, name, language: l }: Recipient, googleEmail: string) =>
  compose(l, 'google-linked', email, say(l, 'mail.google.subject'), name, [say(l, 'mail.google.body', { googleEmail }), say(l, 'mail.google.after')]);

/** An Admin's warning about a reported listing, with the Admin's reason (issue 16), in the seller's language; the reason as the Admin wrote it. */
export const sellerWarningMail = ({ email, name, language: l }: Recipient, productName: string, reason: string) =>
  compose(l, 'seller-warning', email, say(l, 'mail.warning.subject', { productName }), name, [
    say(l, 'mail.warning.body', { productName }),
    reason,
    say(l, 'mail.warning.after'),
  ]);
