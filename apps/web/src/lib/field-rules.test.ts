import { NewOrderBody, NewProductBody, SignUpBody } from '@market/contract';
import {
  emailProblem,
  imeiProblem,
  messages,
  parseAmount,
  passwordProblem,
  phoneProblem,
  takaProblem,
  textProblem,
  useYearsProblem,
  wholeProblem,
} from '@market/contract/rules';
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { imageRule, imeiRule, optionalTextRule, pastDateRule, said, takaRule, textRule, wholeRule } from './field-rules.ts';
import { loadCatalog } from './i18n.ts';

/** What the server's schema says of one field's value: null when it takes it, else its message. */
function serverSays(schema: z.ZodObject, field: string, value: unknown): string | null {
  const result = (schema.shape[field] as z.ZodType).safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
}

describe("the forms' rules are the server's", () => {
  const cases: Array<[z.ZodObject, string, (v: string) => string | null, string[]]> = [
    [
      NewProductBody,
      'productName',
      (v) => textProblem(v, 120),
      ['Galaxy S21', '  x  ', '', '   ', 'x'.repeat(120), 'x'.repeat(121), ` ${'x'.repeat(120)} `, 'bad\u0007bell'],
    ],
    [NewProductBody, 'location', (v) => textProblem(v, 120), ['Banani, Dhaka', 'y'.repeat(121)]],
    [NewProductBody, 'description', (v) => textProblem(v, 2000), ['Fine', 'd'.repeat(2000), 'd'.repeat(2001)]],
    [SignUpBody, 'name', (v) => textProblem(v, 80), ['Rafiq Islam', 'n'.repeat(81)]],
    [NewOrderBody, 'meetingLocation', (v) => textProblem(v, 200), ['Uttara', 'm'.repeat(201)]],
    [NewProductBody, 'phoneNumber', phoneProblem, ['01700-000999', '+880 1700 000999', '017', 'call me', '0'.repeat(21)]],
    [NewOrderBody, 'mobileNumber', phoneProblem, ['01711-000444', 'abc']],
    [SignUpBody, 'email', emailProblem, ['a@b.co', ' Rafiq@Example.COM ', 'a@b', 'no-at.example.com', 'a..b@c.com', `${'a'.repeat(250)}@b.co`]],
    [SignUpBody, 'password', passwordProblem, ['secret', 'short', '', 'p'.repeat(200), 'p'.repeat(201)]],
    [
      NewProductBody,
      'originalPrice',
      takaProblem,
      [
        '90000',
        ' 45000 ',
        '1,25,000',
        '125,000',
        '12,50,000',
        '১,২৫,০০০',
        '12,5000',
        '1,2,5000',
        '1.25.000',
        '100.5',
        '0',
        '-5',
        '1e3',
        '0x10',
        '12abc',
        '10000001',
        '1,00,00,000',
      ],
    ],
    [NewProductBody, 'useYears', useYearsProblem, ['1.5', '0', '50', '50.5', 'two', '১']],
    [
      NewProductBody,
      'imei',
      imeiProblem,
      ['490154203237518', '49 015420 323751 8', '49-015420-323751-8', '490154203237517', '49015420323751', '4901542032375180', 'abc'],
    ],
    [NewProductBody, 'batteryHealth', (v) => wholeProblem(v, 1, 100, messages.battery), ['88', '100', '1', '0', '101', '88.5', 'full']],
    [NewProductBody, 'ramGb', (v) => wholeProblem(v, 1, 32, messages.ram), ['8', '32', '33', '0', '6.5']],
    [NewProductBody, 'warrantyMonths', (v) => wholeProblem(v, 0, 36, messages.warranty), ['0', '3', '36', '37', '-1']],
    [NewProductBody, 'model', (v) => textProblem(v, 60), ['A2633', 'm'.repeat(61)]],
  ];
  for (const [schema, field, check, values] of cases) {
    it(`${field}: the form refuses exactly what the server refuses, with its words`, () => {
      for (const value of values) expect(check(value), `${field} = ${JSON.stringify(value)}`).toBe(serverSays(schema, field, value));
    });
  }
});

describe('parseAmount', () => {
  it('reads digits grouped the Bangladeshi way, the international way, or not at all, in Latin or Bengali digits', () => {
    expect(parseAmount('1,25,000')).toBe(125000);
    expect(parseAmount('12,34,56,789')).toBe(123456789);
    expect(parseAmount('125,000')).toBe(125000);
    expect(parseAmount('1,250,000')).toBe(1250000);
    expect(parseAmount(' 95000 ')).toBe(95000);
    expect(parseAmount('১,২৫,০০০')).toBe(125000);
    expect(parseAmount('1.5')).toBe(1.5);
  });
  it('reads nothing else as a number', () => {
    for (const text of ['', ' ', '12,5000', '1,2,5000', ',125', '125,', '1.25.000', '1 25 000', '-5', '+5', '1e3', '0x10', 'Infinity', '১২abc']) {
      expect(parseAmount(text), text).toBeNull();
    }
  });
});

describe('form rules', () => {
  const run = (rule: { validate: (v: never) => unknown }, value: unknown) => rule.validate(value as never);
  it("say the spec's message for an empty field, and '<label> <the server's words>' otherwise", () => {
    const name = textRule('Product name', 'Enter your product name', 120);
    expect(run(name, '')).toBe('Enter your product name');
    expect(run(name, '   ')).toBe('Enter your product name');
    expect(run(name, 'x'.repeat(121))).toBe('Product name must be at most 120 characters');
    expect(run(name, 'Pixel 7')).toBe(true);
    const price = takaRule('Resale price', 'Enter your resale price');
    expect(run(price, '1,25,000')).toBe(true);
    expect(run(price, '12,5000')).toBe('Resale price must be a number');
  });
  it('check a picture before it is uploaded, and a date against today', () => {
    const image = imageRule('Product picture', 'Enter your product picture');
    const files = (file: File) => ({ 0: file, length: 1, item: () => file }) as unknown as FileList;
    expect(run(image, null)).toBe('Enter your product picture');
    expect(run(image, files(new File(['x'], 'a.png', { type: 'image/png' })))).toBe(true);
    expect(run(image, files(new File(['x'], 'a.pdf', { type: 'application/pdf' })))).toBe('Product picture must be a JPEG, PNG, WebP, GIF or AVIF picture');
    // A camera's 6.2 MB photo is taken (issue 35); the server's limit is 20 MB.
    expect(run(image, files(new File([new Uint8Array(6.2 * 1024 * 1024)], 'camera.jpg', { type: 'image/jpeg' })))).toBe(true);
    expect(run(image, files(new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' })))).toBe(
      'Product picture is too large: at most 20 MB',
    );
    expect(run(imageRule('Product picture', null), null)).toBe(true);
    const purchase = pastDateRule('Purchase date', 'Enter your product purchase date', '2026-11-23');
    expect(run(purchase, '2026-11-23')).toBe(true);
    expect(run(purchase, '2026-11-24')).toBe('Purchase date cannot be in the future');
  });
});

describe('the phone details rules', () => {
  const run = (rule: { validate: (v: string) => unknown }, value: string) => rule.validate(value);
  it('IMEI: 15 digits, the last one the Luhn check digit; grouped as people copy it is fine', () => {
    const imei = imeiRule('IMEI', 'Enter the IMEI');
    expect(run(imei, '')).toBe('Enter the IMEI');
    expect(run(imei, '49015420323751')).toBe('IMEI must be 15 digits (dial *#06# on the phone to see it)');
    expect(run(imei, '4901542032375180')).toBe('IMEI must be 15 digits (dial *#06# on the phone to see it)');
    expect(run(imei, '490154203237517')).toBe('IMEI is not a valid IMEI: its last digit does not match the other 14 (check for a typing mistake)');
    expect(run(imei, '490154203237518')).toBe(true);
    expect(run(imei, '49 015420 323751 8')).toBe(true);
    expect(run(imei, '49-015420-323751-8')).toBe(true);
    // Editing: empty keeps the listing's IMEI; anything typed is checked.
    expect(run(imeiRule('IMEI', null), '')).toBe(true);
    expect(run(imeiRule('IMEI', null), '123')).toBe('IMEI must be 15 digits (dial *#06# on the phone to see it)');
  });

  it("whole numbers and optional text say the server's words; optional fields may stay empty", () => {
    const battery = wholeRule('Battery health', 'Enter the battery health', 1, 100, messages.battery);
    expect(run(battery, '')).toBe('Enter the battery health');
    expect(run(battery, '101')).toBe('Battery health must be a whole percentage from 1 to 100');
    expect(run(battery, '88')).toBe(true);
    const ram = wholeRule('RAM', null, 1, 32, messages.ram);
    expect(run(ram, '')).toBe(true);
    expect(run(ram, '64')).toBe('RAM must be a whole number of GB from 1 to 32');
    const model = optionalTextRule('Model', 60);
    expect(run(model, '  ')).toBe(true);
    expect(run(model, 'm'.repeat(61))).toBe('Model must be at most 60 characters');
  });
});

describe("the contract's messages in the page's language", () => {
  const limits: Partial<Record<keyof typeof messages, number>> = { tooLong: 120, tooHigh: 10_000_000 };
  afterEach(() => i18n.activate('en', ['en-IN']));

  it('say in English exactly what the server says, after the label', () => {
    for (const [name, message] of Object.entries(messages)) {
      if (name === 'imeiTaken') continue; // the server's refusal of a whole listing, not a field's problem
      const limit = limits[name as keyof typeof messages] ?? 0;
      const text = typeof message === 'function' ? message(limit) : message;
      expect(said('Field', text, limit), name).toBe(`Field ${text}`);
    }
    expect(said('Field', null)).toBe(true);
    expect(said('Field', 'says something new')).toBe('Field says something new');
  });

  it('say it in Bangla, numbers in Bangla digits', async () => {
    await loadCatalog('bn', 'forms');
    i18n.activate('bn', ['bn-BD']);
    expect(run(textRule('পণ্যের নাম', 'পণ্যের নাম লিখুন', 120), 'x'.repeat(121))).toBe('পণ্যের নাম সর্বোচ্চ ১২০ অক্ষরের হতে পারে');
    expect(run(textRule('পণ্যের নাম', 'পণ্যের নাম লিখুন', 120), ' ')).toBe('পণ্যের নাম লিখুন');
    expect(run(takaRule('দাম', 'দাম লিখুন'), '১০,০০,০০,০০১')).toBe('দাম সর্বোচ্চ ১,০০,০০,০০০ হতে পারে');
    expect(run(imeiRule('IMEI', null), '123')).toBe('IMEI ১৫ অঙ্কের হতে হবে (দেখতে ফোনে *#06# ডায়াল করুন)');
    expect(run(wholeRule('ব্যাটারি', null, 1, 100, messages.battery), '101')).toBe('ব্যাটারি ১ থেকে ১০০-এর মধ্যে পূর্ণ শতাংশ হতে হবে');
  });
});

const run = (rule: { validate: (v: never) => unknown }, value: unknown) => rule.validate(value as never);
