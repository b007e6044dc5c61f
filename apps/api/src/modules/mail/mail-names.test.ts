import { describe, expect, it } from 'vitest';
import { lastMail, linkToken, PASSWORD, uploadedPicture } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { plainName } from './plain-name.ts';
import { sellerWarningMail } from './templates.ts';
import { callRoute } from '../../../test/call-route.ts';

/**
 * Mails carry no text an attacker chose to an address nobody has confirmed, and elsewhere print names as plain
 * text no mail client links (issue 29, decision 039), in both languages.
 */
const ctx = useTestApp();
const LURE = 'Your account is locked, restore it at https://evil.example.com/restore';
const DEFUSED = 'Your account is locked, restore it at https[:]//evil[.]example[.]com/restore';
let serial = 0;
const newEmail = () => `names-${Date.now()}-${serial++}@example.com`;

async function signUp(name: string, language: 'en' | 'bn', email = newEmail()) {
  const payload = { name, email, password: PASSWORD, role: 'Buyer', userImg: await uploadedPicture(ctx.app), language };
  expect((await callRoute(ctx.app, 'signUp', { body: payload })).status).toBe(202);
  return email;
}

/** Neither the text nor the HTML of the mail holds the lure, nor any piece of it a client could link. */
function expectNoLure(mail: { subject: string; textBody: string | null; htmlBody: string | null }) {
  for (const part of [mail.subject, mail.textBody ?? '', mail.htmlBody ?? '']) {
    expect(part).not.toContain('locked');
    expect(part).not.toMatch(/evil/);
  }
}

const hello = { en: 'Hello,', bn: 'শুভেচ্ছা,' };

describe('mails to an address not yet confirmed', () => {
  for (const language of ['en', 'bn'] as const) {
    it(`(${language}) carry no name: the confirmation, the "already have an account" and the reset mail greet without it`, async () => {
      const email = await signUp(LURE, language);
      const verify = await lastMail(ctx.app, email, 'verify-email');
      expectNoLure(verify);
      expect(verify.textBody!.split('\n')[0]).toBe(hello[language]);

      // Someone signs up again with the (still unconfirmed) address: its owner is told, without the first name either.
      await signUp('Someone Else', language, email);
      const exists = await lastMail(ctx.app, email, 'account-exists');
      expectNoLure(exists);
      expect(exists.textBody).not.toContain('Someone Else');
      expect(exists.textBody!.split('\n')[0]).toBe(hello[language]);

      expect((await callRoute(ctx.app, 'forgotPassword', { body: { email } })).status).toBe(202);
      const reset = await lastMail(ctx.app, email, 'reset-password');
      expectNoLure(reset);
      expect(reset.textBody!.split('\n')[0]).toBe(hello[language]);
    });
  }
});

describe('names in mails to a confirmed address', () => {
  for (const language of ['en', 'bn'] as const) {
    it(`(${language}) are plain text with their links defused`, async () => {
      const email = await signUp(LURE, language);
      expect((await callRoute(ctx.app, 'verifyEmail', { body: { token: await linkToken(ctx.app, email, 'verify-email') } })).status).toBe(200);
      expect((await callRoute(ctx.app, 'forgotPassword', { body: { email } })).status).toBe(202);
      const reset = await lastMail(ctx.app, email, 'reset-password');
      const greeting = language === 'en' ? `Hello ${DEFUSED},` : `প্রিয় ${DEFUSED},`;
      expect(reset.textBody!.split('\n')[0]).toBe(greeting);
      expect(reset.htmlBody).toContain(`<p>${greeting}</p>`);
      for (const part of [reset.textBody!, reset.htmlBody!]) expect(part).not.toMatch(/evil\.example|https:\/\/evil/);
    });
  }

  it("a seller's warning prints the phone's name defused, in the subject too", () => {
    const mail = sellerWarningMail(
      { email: 's@example.com', name: 'Seller', emailVerifiedAt: new Date(), language: 'en' },
      'Cheap at www.evil.com',
      'Misleading',
    );
    expect(mail.subject).toContain('Cheap at www[.]evil[.]com');
    expect(mail.text).toContain('Cheap at www[.]evil[.]com');
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain('www.evil.com');
  });
});

describe('plainName', () => {
  it('defuses addresses and keeps ordinary names as they are', () => {
    const cases: [string, string][] = [
      ['Rafiq Mobile House', 'Rafiq Mobile House'],
      ['Dr. Rahman', 'Dr. Rahman'],
      ['J.R. Smith', 'J.R. Smith'],
      ['Samsung S21+ v1.2', 'Samsung S21+ v1.2'],
      ['mail me: x@evil.co.uk', 'mail me: x@evil[.]co[.]uk'],
      ['উদাহরণ.বাংলা', 'উদাহরণ[.]বাংলা'],
      ['evil\u3002com', 'evil[.]com'],
      ['http://10.0.0.1:8080', 'http[:]//10[.]0[.]0[.]1:8080'],
      ['two\nlines\r\nhere', 'two lines here'],
    ];
    for (const [name, plain] of cases) expect(plainName(name), name).toBe(plain);
  });
});
