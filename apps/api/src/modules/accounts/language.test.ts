import { describe, expect, it } from 'vitest';
import { lastMail, linkToken, logIn, PASSWORD, signUp, uploadedPicture } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { callRoute } from '../../../test/call-route.ts';

/** The account's language (decision 029): kept by PUT /api/language, chosen at sign-up, and the language of its mails. */
const ctx = useTestApp();
const setLanguage = (language: unknown, token?: string) => callRoute(ctx.app, 'setLanguage', { body: { language }, token });
const me = async (token: string) => (await callRoute(ctx.app, 'me', { token })).body.data;
let serial = 0;
const newEmail = () => `lang-${Date.now()}-${serial++}@example.com`;

/** Signs up through the API with the page's `language`, if any; answers the address. */
async function signUpIn(language: 'en' | 'bn' | undefined, email = newEmail(), name = 'Rahima Khatun') {
  const payload = { name, email, password: PASSWORD, role: 'Buyer', userImg: await uploadedPicture(ctx.app), ...(language ? { language } : {}) };
  const res = await callRoute(ctx.app, 'signUp', { body: payload });
  expect(res.status).toBe(202);
  return email;
}

describe("the account's language", () => {
  it('is English until its owner chooses: PUT /api/language keeps the choice, and signing in answers it', async () => {
    const buyer = await signUp(ctx.app, 'Buyer');
    expect(buyer.language).toBe('en');
    expect((await me(buyer.token)).language).toBe('en');

    const res = await setLanguage('bn', buyer.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: buyer._id, language: 'bn' });
    expect((await me(buyer.token)).language).toBe('bn');
    expect((await logIn(ctx.app, buyer.email, PASSWORD)).language).toBe('bn');
    expect((await setLanguage('en', buyer.token)).body.data.language).toBe('en');
  });

  it('takes only en or bn (a 400 invalid_input naming the field), and only from a signed-in caller (401)', async () => {
    const seller = await signUp(ctx.app, 'Seller');
    for (const bad of ['fr', 'EN', '', null, 1]) {
      const res = await setLanguage(bad, seller.token);
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.code).toBe('invalid_input');
      expect(res.body.fields.map((f: { field: string }) => f.field)).toEqual(['language']);
    }
    expect((await me(seller.token)).language).toBe('en');

    const anonymous = await setLanguage('bn');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('not_logged_in');
  });

  it("a sign-up's language is the new account's; without one, English", async () => {
    const bangla = await signUpIn('bn');
    expect((await logIn(ctx.app, bangla, PASSWORD)).language).toBe('bn');
    const plain = await signUpIn(undefined);
    expect((await logIn(ctx.app, plain, PASSWORD)).language).toBe('en');
    const refused = await callRoute(ctx.app, 'signUp', {
      body: { name: 'X', email: newEmail(), password: PASSWORD, role: 'Buyer', userImg: await uploadedPicture(ctx.app), language: 'fr' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_input');
  });
});

describe("mails in the account's language", () => {
  it('a Bangla sign-up confirms its address in Bangla, its hours in Bangla digits', async () => {
    const email = await signUpIn('bn');
    const mail = await lastMail(ctx.app, email, 'verify-email');
    expect(mail.subject).toBe('আপনার ইমেইল ঠিকানা নিশ্চিত করুন');
    // An address not yet confirmed: greeted without the name whoever signed up chose (decision 039).
    expect(mail.textBody).toMatch(/^শুভেচ্ছা,\n/);
    expect(mail.textBody).not.toContain('Rahima Khatun');
    expect(mail.textBody).toContain('আমার ইমেইল ঠিকানা নিশ্চিত করুন: http');
    // The link opens the page in the mail's language.
    expect(mail.textBody).toMatch(/\/verify-email\?token=[\w-]{43}&lang=bn\n/);
    expect(mail.htmlBody).toMatch(/href="http[^"]+\/verify-email\?token=[\w-]{43}&amp;lang=bn"/);
    expect(mail.textBody).toContain('২৪ ঘণ্টা');
    expect(mail.textBody).not.toMatch(/Hello|The link works|\b24\b/);
    expect(mail.htmlBody).toContain('<html lang="bn">');
    expect(mail.htmlBody).toContain('অথবা এই ঠিকানাটি খুলুন: http');
  });

  it("a Bangla account's reset and password-changed mails are Bangla; an English account's reset stays word for word English", async () => {
    const bangla = await signUp(ctx.app, 'Buyer', 'Rahim Uddin');
    await setLanguage('bn', bangla.token);
    await callRoute(ctx.app, 'forgotPassword', { body: { email: bangla.email } });
    const reset = await lastMail(ctx.app, bangla.email, 'reset-password');
    expect(reset.subject).toBe('নতুন পাসওয়ার্ড দিন');
    expect(reset.textBody).toContain('৬০ মিনিট');
    const token = await linkToken(ctx.app, bangla.email, 'reset-password');
    expect((await callRoute(ctx.app, 'resetPassword', { body: { token, password: 'brand-new' } })).status).toBe(200);
    expect((await lastMail(ctx.app, bangla.email, 'password-changed')).subject).toBe('আপনার পাসওয়ার্ড বদলানো হয়েছে');

    const english = await signUp(ctx.app, 'Buyer', 'Karim Uddin');
    await callRoute(ctx.app, 'forgotPassword', { body: { email: english.email } });
    const mail = await lastMail(ctx.app, english.email, 'reset-password');
    const url = /https?:\S+\/reset-password\?token=[\w-]{43}&lang=en(?=\n)/.exec(mail.textBody ?? '')![0];
    expect(mail.subject).toBe('Set a new password');
    expect(mail.textBody).toBe(
      [
        'Hello Karim Uddin,',
        '',
        'You asked to set a new password for your Resale Phones account.',
        '',
        `Set a new password: ${url}`,
        '',
        'The link works once, for 60 minutes. Setting a new password signs you out everywhere else. If you did not ask, ignore this mail: your password stays as it is.',
        '',
        '— Resale Phones',
      ].join('\n'),
    );
    expect(mail.htmlBody).toContain(`Or open this address: ${url.replace('&', '&amp;')}`);
  });

  it('a sign-up with a taken address tells its owner in the owner’s language, not the page’s', async () => {
    const email = await signUpIn('bn', newEmail(), 'Owner Bangla');
    await signUpIn('en', email, 'Someone');
    const note = await lastMail(ctx.app, email, 'account-exists');
    expect(note.subject).toBe('আপনার আগে থেকেই একটি অ্যাকাউন্ট আছে');
    expect(note.textBody).toMatch(/^শুভেচ্ছা,\n/);
    expect(note.textBody).not.toContain('Owner Bangla');
  });
});
