import { i18n } from '@lingui/core';
import { errorCodes, errorMessage as englishMessage, intlLocale } from '@market/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorMessage, setFieldSayer } from './errors.ts';
import { loadCatalog } from './i18n.ts';

const refusal = (data: unknown) => ({ status: 400, data });
const say = (code: string, params?: Record<string, string | number>) => errorMessage(refusal({ code, params, message: 'English words' }), 'fallback');

describe('refusals in Bangla', () => {
  beforeEach(async () => {
    await Promise.all([loadCatalog('bn', 'errors'), loadCatalog('bn', 'common')]);
    i18n.activate('bn', [intlLocale.bn]);
  });
  afterEach(() => i18n.activate('en', [intlLocale.en]));

  it("says a code's text in Bangla, whatever the server's English", () => {
    expect(say('product_sold')).toBe('এই প্রোডাক্টটি ইতিমধ্যে বিক্রি হয়ে গেছে');
    expect(say('wrong_current_password')).toBe('বর্তমান পাসওয়ার্ডটি সঠিক নয়');
  });

  it('names the thing of a 404, a role and what is not yours in Bangla; an unknown value in its English', () => {
    expect(say('not_found', { what: 'Product' })).toBe('প্রোডাক্টটি খুঁজে পাওয়া যায়নি');
    expect(say('not_found', { what: 'Demo accounts' })).toBe('Demo accounts খুঁজে পাওয়া যায়নি');
    expect(say('forbidden_role', { roles: 'Seller' })).toBe('শুধু বিক্রেতারাই এটি করতে পারেন');
    expect(say('forbidden_role', { roles: 'Admin' })).toBe('শুধু অ্যাডমিনরাই এটি করতে পারেন');
    expect(say('not_yours', { what: 'booking' })).toBe('এই বুকিংটি আপনার ফোনের নয়');
    expect(say('not_yours', { what: 'order' })).toBe('এই অর্ডারটি আপনার নয়');
  });

  it('says waits, days and hours in Bangla digits', () => {
    expect(say('too_many_failed_logins', { minutes: 0, seconds: 45 })).toBe('এই ইমেইলে অনেকবার লগইন ব্যর্থ হয়েছে, ৪৫ সেকেন্ড পর আবার চেষ্টা করুন');
    expect(say('too_many_uploads', { minutes: 12, seconds: 700 })).toContain('১২ মিনিট পর');
    expect(say('review_edit_window_passed', { days: 30 })).toBe('রিভিউ লেখার পর ৩০ দিন পর্যন্ত তা বদলানো যায়: এটি তার চেয়ে পুরোনো');
    expect(say('image_not_uploaded_here', { field: 'userImg', hours: 24 })).toBe(
      'প্রোফাইল ছবিটি এই সাইটেই আপলোড করা হতে হবে, আর আপলোডের ২৪ ঘণ্টার মধ্যে ব্যবহার করতে হবে',
    );
    // The server's limit for a camera's original (issue 35).
    expect(say('image_too_large')).toBe('ছবিটি অনেক বড়: সর্বোচ্চ ২০ এমবি');
  });

  it("says a refund's reason by its code in Bangla", () => {
    expect(say('payment_refunded', { reason: 'words from the server', reasonCode: 'sold_to_another_buyer' })).toBe(
      'এই ফোনটি ইতিমধ্যে অন্য একজন ক্রেতার কাছে বিক্রি হয়ে গেছে। আপনার পেমেন্ট ফেরত দেওয়া হচ্ছে।',
    );
  });

  it("says the fields a schema refused in Bangla once a form has loaded the rules: the contract's messages with their limits, others as not valid", async () => {
    const fields = [
      { field: 'price', problem: 'must be a whole number of taka' },
      { field: 'productName', problem: 'must be at most 120 characters' },
      { field: 'mobile', problem: 'Invalid input: expected string, received undefined' },
    ];
    const refused = () =>
      errorMessage(refusal({ code: 'invalid_input', params: { where: 'body', problems: 'the English' }, fields, message: 'English words' }), 'fallback');
    // Without a form on the page: the server's English problems inside the Bangla sentence. (test:fast shares
    // modules between files, so an earlier file may have loaded the rules: the page is put back as it starts.)
    setFieldSayer(undefined);
    expect(refused()).toBe('পাঠানো তথ্য সঠিক নয়: the English');
    const [, , rules] = await Promise.all([loadCatalog('bn', 'forms'), loadCatalog('en', 'forms'), import('./field-rules.ts')]);
    // Loading the rules gives errors.ts their sayer (again here, as a module is evaluated once per worker).
    setFieldSayer(rules.saidOfField);
    expect(refused()).toBe('পাঠানো তথ্য সঠিক নয়: price পূর্ণ টাকার অঙ্কে হতে হবে; productName সর্বোচ্চ ১২০ অক্ষরের হতে পারে; mobile সঠিক নয়');
    i18n.activate('en', [intlLocale.en]);
    expect(refused()).toBe(
      'Invalid body: price must be a whole number of taka; productName must be at most 120 characters; mobile Invalid input: expected string, received undefined',
    );
  });

  it('has a Bangla text for every code of the contract', () => {
    const params = {
      what: 'x',
      roles: 'x',
      field: 'x',
      hours: 1,
      days: 1,
      minutes: 0,
      seconds: 1,
      reason: 'x',
      detail: 'x',
      state: 'x',
      status: 'x',
      count: 1,
      max: 1,
      left: 2,
      date: 'x',
      price: 1,
      minimum: 1,
      available: 1,
      last: 2,
      seq: 3,
    };
    const values = { ...params, where: 'body', problems: 'x', part: 'x', param: 'x', method: 'GET', path: '/x' };
    for (const code of errorCodes) {
      const text = say(code, values);
      expect(text, code).toMatch(/[\u0980-\u09FF]|^x$/);
      if (code !== 'request_refused') expect(text, code).not.toBe(englishMessage(code, values));
    }
  });
});
