import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aProduct, aUser, fakeApi, renderAt, signIn } from '../../test-utils.tsx';
import { DetailPage } from './detail-page.tsx';
import { allSpecs, inBangla, terms } from './test-fixtures.ts';

const phone = aProduct(allSpecs);

function show(product = phone) {
  fakeApi(({ path }) => (path === `/api/detail-product/${product._id}` ? { status: 200, body: { success: true, data: product } } : { status: 404, body: {} }));
  renderAt(`/detail-product/${product._id}`, <DetailPage />, '/detail-product/:id');
}

describe("a phone's page in Bangla", () => {
  inBangla();

  it('its specs, declarations and condition, prices and date in Bangla digits; signed out, the way to log in', async () => {
    show();
    await screen.findByRole('heading', { level: 1, name: 'iPhone 13' });
    expect(terms()).toMatchObject({
      লোকেশন: ['Banani, ঢাকা জেলা, ঢাকা বিভাগ'],
      ক্যাটাগরি: ['Apple'],
      কন্ডিশন: ['ভালো', 'হালকা ব্যবহারের চিহ্ন: বডি বা স্ক্রিনে ছোট আঁচড়, সবকিছু ঠিকমতো কাজ করে।'],
      'কত বছর ব্যবহৃত': ['১.৫'],
      মডেল: ['আইফোন ১৩'],
      'মডেল নম্বর': ['A2633'],
      স্টোরেজ: ['১২৮ জিবি'],
      র‍্যাম: ['৪ জিবি'],
      রং: ['Midnight'],
      'ব্যাটারি হেলথ': ['৮৮%'],
      'কোনো অ্যাকাউন্টে লক করা নেই': ['হ্যাঁ'],
      'বক্স ও চার্জার': ['নেই'],
      ওয়ারেন্টি: ['আরও ৩ মাস বাকি'],
      IMEI: ['•••••••••••7518'],
    });
    expect(terms()['পোস্টের তারিখ']![0]).toMatch(/^২৩ নভে(ম্বর)?,? ২০২৬$/);
    expect(screen.getByRole('deletion')).toHaveTextContent('৳৯০,০০০');
    expect(screen.getByRole('strong')).toHaveTextContent('৳৬৫,০০০');
    expect(screen.getByText('✔ ভেরিফাইড')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'অর্ডার করতে লগইন করুন' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'রিপোর্ট করতে লগইন করুন' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('img', { name: 'iPhone 13' })).toBeInTheDocument();
  });

  it('a sold phone says so, with the way on to its brand (issue 35)', async () => {
    show(aProduct({ status: 'sold' }));
    await screen.findByRole('heading', { level: 1, name: 'এই ফোনটি বিক্রি হয়ে গেছে' });
    expect(screen.getByText('এই iPhone 13 ফোনটি বিক্রি হয়ে গেছে। Resale Phones-এ বিক্রির জন্য অন্য Apple ফোনগুলো দেখুন।')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'আরও Apple ফোন' })).toHaveAttribute('href', `/category/${phone.categoryId._id}`);
    expect(screen.getByRole('link', { name: 'হোমে ফিরে যান' })).toHaveAttribute('href', '/');
  });

  it('booking: the form, its price in Bangla digits and what a missing field says', async () => {
    signIn(aUser({ emailVerified: true }));
    show();
    const book = await screen.findByRole('button', { name: 'বুক করুন' });
    await waitFor(() => expect(book).toBeEnabled());
    await userEvent.click(book);
    const dialog = await screen.findByRole('dialog', { name: 'বুকিংয়ের তথ্য' });
    expect(within(dialog).getByRole('textbox', { name: 'দাম' })).toHaveValue('৬৫০০০');
    expect(within(dialog).getByRole('textbox', { name: 'প্রোডাক্টের নাম' })).toHaveValue('iPhone 13');
    await userEvent.click(within(dialog).getByRole('button', { name: 'জমা দিন' }));
    expect(await within(dialog).findByText('দেখা করার জায়গা লিখুন')).toBeInTheDocument();
    expect(within(dialog).getByText('আপনার মোবাইল নম্বর লিখুন')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'বন্ধ করুন' })).toBeInTheDocument();
  });

  it('an address not confirmed yet: Book Now says why, in Bangla, before any form (issue 35)', async () => {
    signIn(aUser({ emailVerified: false }));
    show();
    const book = await screen.findByRole('button', { name: 'বুক করুন' });
    expect(book).toBeDisabled();
    expect(book).toHaveAccessibleDescription('বুক করতে আপনার ই-মেইল ঠিকানা নিশ্চিত করুন: আমাদের পাঠানো লিংকটি খুলুন');
  });

  it('reporting: the reasons by their contract values, and what the dialog asks', async () => {
    signIn(aUser());
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'রিপোর্ট করুন' }));
    const dialog = await screen.findByRole('dialog', { name: 'ফোনটি রিপোর্ট করুন' });
    expect(within(dialog).getByRole('group', { name: 'কেন রিপোর্ট করছেন?' })).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['স্প্যাম', 'ভুয়া বা বিভ্রান্তিকর', 'চুরি করা হতে পারে', 'ভুল ক্যাটাগরি', 'আপত্তিকর', 'অন্যান্য']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'রিপোর্ট পাঠান' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('কেন রিপোর্ট করছেন তা বেছে নিন');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'অন্যান্য' }));
    expect(within(dialog).getByRole('textbox', { name: 'সমস্যাটি কী' })).toBeInTheDocument();
    expect(within(dialog).getByText('০/৫০০')).toBeInTheDocument();
  });
});
