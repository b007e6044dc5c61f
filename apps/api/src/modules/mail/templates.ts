import type { Mail } from './outbox.ts';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One look for every mail: a greeting, paragraphs, at most one button, a footer. Plain text beside the HTML. */
function compose(
  kind: string,
  to: string,
  subject: string,
  name: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  after: string[] = [],
): Mail {
  const text = [
    `Hello ${name},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...after.flatMap((p) => [p, '']),
    '— Resale Phones',
  ].join('\n');
  const button = action
    ? `<p><a href="${escape(action.url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p><p style="font-size:12px;color:#475569">Or open this address: ${escape(action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a"><p>Hello ${escape(name)},</p>${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')}${button}${after.map((p) => `<p>${escape(p)}</p>`).join('')}<p>— Resale Phones</p></body></html>`;
  return { kind, to, subject, text, html };
}

export const VERIFY_LINK_HOURS = 24;
export const RESET_LINK_MINUTES = 60;

export const verifyEmailMail = (to: string, name: string, url: string) =>
  compose(
    'verify-email',
    to,
    'Confirm your e-mail address',
    name,
    ['Please confirm that this is your e-mail address for Resale Phones. Until you do, you can browse but not post phones, book or report.'],
    { label: 'Confirm my e-mail address', url },
    [`The link works once, for ${VERIFY_LINK_HOURS} hours. If you did not create an account, do not confirm: ignore this mail and nothing happens.`],
  );

/** Sign-up with an address that already has an account: its owner hears of it, the person signing up sees nothing different. */
export const accountExistsMail = (to: string, name: string, loginUrl: string, resetUrl: string) =>
  compose(
    'account-exists',
    to,
    'You already have an account',
    name,
    [
      'Someone, probably you, just tried to create a Resale Phones account with this e-mail address. You already have one, so nothing was created.',
      `To sign in, go to ${loginUrl}.`,
    ],
    { label: 'Forgot your password? Set a new one', url: resetUrl },
    ['If it was not you, you can ignore this mail: your account is unchanged.'],
  );

export const resetPasswordMail = (to: string, name: string, url: string) =>
  compose(
    'reset-password',
    to,
    'Set a new password',
    name,
    ['You asked to set a new password for your Resale Phones account.'],
    { label: 'Set a new password', url },
    [
      `The link works once, for ${RESET_LINK_MINUTES} minutes. Setting a new password signs you out everywhere else. If you did not ask, ignore this mail: your password stays as it is.`,
    ],
  );

export const passwordChangedMail = (to: string, name: string, resetUrl: string) =>
  compose(
    'password-changed',
    to,
    'Your password was changed',
    name,
    ['The password of your Resale Phones account was just changed, and every other session was signed out.'],
    { label: 'Not you? Set a new password now', url: resetUrl },
  );

export const googleLinkedMail = (to: string, name: string, googleEmail: string) =>
  compose('google-linked', to, 'Google sign-in was added to your account', name, [
    `Your Resale Phones account can now be signed into with the Google account ${googleEmail}.`,
    'If that was not you, set a new password and tell us.',
  ]);

/** An Admin's warning about a reported listing, with the Admin's reason (issue 16). */
export const sellerWarningMail = (to: string, name: string, productName: string, reason: string) =>
  compose('seller-warning', to, `A warning about your listing ${productName}`, name, [
    `Buyers reported your listing "${productName}", and an administrator of Resale Phones has looked at it. The listing stays up, but please put right what is wrong:`,
    reason,
    'Listings that break the rules again may be removed, and the account suspended.',
  ]);
