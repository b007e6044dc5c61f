import { i18n } from '@lingui/core';
import { intlLocale } from '@market/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../../lib/i18n.ts';
import { aProduct, aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import { aPaidOrder, page } from '../test-fixtures.ts';
import AddProduct from './add-product.tsx';
import BookingRequests from './booking-requests.tsx';
import MyProducts from './my-products.tsx';

const seller = aUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', role: 'Seller', emailVerified: true });
const booking = aPaidOrder({
  productPrice: 65000,
  meetingLocation: 'Banani, Dhaka',
  createdAt: '2026-11-23T12:00:00.000Z',
  state: 'requested',
  paid: false,
  payment: null,
});

function api() {
  return fakeApi(({ path }: Call) => {
    if (path === '/api/category') return { status: 200, body: { success: true, data: [{ _id: 'c1', category: 'Apple', categoryLogo: '' }] } };
    if (path === '/api/phone-models')
      return {
        status: 200,
        body: {
          success: true,
          data: [
            {
              _id: 'm1',
              brand: { _id: 'c1', category: 'Apple' },
              name: 'iPhone 13 Pro',
              nameBn: 'আইফোন ১৩ প্রো',
              aliases: ['13 Pro'],
              variants: [
                { ramGb: 6, storageGb: 128 },
                { ramGb: 6, storageGb: 256 },
              ],
              year: 2021,
              slug: 'iphone-13-pro',
            },
          ],
        },
      };
    if (path === '/api/fees') return { status: 200, body: { success: true, data: { percent: 3, minimum: 30 } } };
    if (path.includes('booking')) return page([booking]);
    return page([aProduct({ advertise: true }), aProduct({ _id: '3f6c1e2a-8b4d-4c1e-9a7f-2d5b8c9e0a12', productName: 'Galaxy S21', status: 'sold' })]);
  });
}

describe("the seller's pages", () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(seller);
  });
  afterEach(() => {
    i18n.activate('en', [intlLocale.en]);
    vi.unstubAllGlobals();
  });

  describe('in Bangla', () => {
    beforeEach(async () => {
      await Promise.all([loadCatalog('bn', 'dashboard'), loadCatalog('bn', 'common'), loadCatalog('bn', 'forms')]);
      i18n.activate('bn', [intlLocale.bn]);
    });

    it('lists My Products with their status, prices and buttons', async () => {
      api();
      renderAt('/dashboard/myProduct', <MyProducts />);
      const table = await screen.findByRole('table', { name: 'আমার প্রোডাক্ট' });
      const rows = within(table).getAllByRole('row');
      expect(rows[0]).toHaveTextContent('ছবিনামদামসেভঅবস্থাবিজ্ঞাপন দিনমুছে ফেলুন');
      // Then how many saved it (issue 34): none here.
      expect(rows[1]).toHaveTextContent('১iPhone 13৳৬৫,০০০০বিক্রির জন্যএডিটবিক্রি হয়েছেবিজ্ঞাপনে আছেবন্ধ করুন');
      expect(within(rows[1]!).getByRole('link', { name: 'iPhone 13 এডিট করুন' })).toBeInTheDocument();
      expect(rows[2]).toHaveTextContent('২Galaxy S21৳৬৫,০০০০বিক্রি হয়েছে');
      await userEvent.click(within(rows[1]!).getByRole('button', { name: 'বিক্রি হয়েছে চিহ্নিত করুন: iPhone 13' }));
      const dialog = screen.getByRole('dialog', { name: 'বিক্রি হয়েছে বলে চিহ্নিত করবেন?' });
      expect(dialog).toHaveTextContent('iPhone 13 দোকান থেকে সরে যাবে');
    });

    it('lists Booking Requests with the price and the time booked in Bangla digits', async () => {
      api();
      renderAt('/dashboard/bookings', <BookingRequests />);
      const table = await screen.findByRole('table', { name: 'আমার ফোনের বুকিং' });
      const rows = within(table).getAllByRole('row');
      expect(rows[0]).toHaveTextContent('ফোনদামক্রেতামোবাইল নম্বরদেখা করার জায়গাবুকিংয়ের সময়অবস্থাকরণীয়');
      expect(within(rows[1]!).getByText('৳৬৫,০০০')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('২৩ নভে, ২০২৬')).toBeInTheDocument();
      // The meeting day beside the place (issue 31), a calendar day in Bangla digits.
      expect(within(rows[1]!).getByText('দেখা করার দিন ২৫ নভে, ২০২৬')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('এখনো পেমেন্ট হয়নি')).toBeInTheDocument();
      // A protected deal: the site's fee fixed at its booking, and what reaches the seller (issue 32).
      expect(within(rows[1]!).getByText('ফি ৳৩,৫৪০ · আপনি পাবেন ৳৬১,৪৬০')).toBeInTheDocument();
      await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Mitu Akter-এর iPhone 13 বুকিং নাকচ করুন' }));
      expect(screen.getByRole('dialog', { name: 'এই বুকিং নাকচ করবেন?' })).toHaveTextContent(
        'Mitu Akter দেখবেন ‘বিক্রেতা নাকচ করেছেন’, এবং iPhone 13 আর বুক করতে পারবেন না।',
      );
    });

    it('asks for a new listing in Bangla: labels, hints, conditions and what each means', async () => {
      api();
      renderAt('/dashboard/addProduct', <AddProduct />);
      expect(await screen.findByRole('heading', { level: 1, name: 'নতুন প্রোডাক্ট যোগ করতে সব তথ্য দিন' })).toBeInTheDocument();
      expect(screen.getByLabelText('কেনা দাম (টাকা)')).toHaveAccessibleDescription('যেমন ১,২৫,০০০');
      expect(screen.getByLabelText('র‍্যাম (GB)')).toHaveAccessibleDescription('ঐচ্ছিক, যেমন ৮');
      expect(within(screen.getByLabelText('স্টোরেজ')).getByRole('option', { name: '১২৮ জিবি' })).toHaveValue('128');
      expect(screen.getByLabelText('প্রোডাক্টের ছবি')).toHaveAccessibleDescription(/৮টি পর্যন্ত ছবি দিন.*\(৮টির মধ্যে ০টি\)$/);
      const condition = screen.getByLabelText('কন্ডিশন');
      expect(
        within(condition)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['কন্ডিশন বেছে নিন', 'চমৎকার', 'ভালো', 'মোটামুটি']);
      await userEvent.selectOptions(condition, 'ভালো');
      expect(condition).toHaveValue('Good');
      expect(condition).toHaveAccessibleDescription('হালকা ব্যবহারের চিহ্ন: বডি বা স্ক্রিনে ছোট আঁচড়, সবকিছু ঠিকমতো কাজ করে।');

      // The site's fee on a protected sale (issue 32): its terms, then at the price typed (in Bangla digits too).
      expect(await screen.findByText('সুরক্ষিত পেমেন্টে বিক্রি হলে সাইট দামের ৩% রাখবে (সর্বনিম্ন ৳৩০)। নগদ লেনদেনে কোনো ফি নেই।')).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('বিক্রির দাম (টাকা)'), '৮০০০০');
      expect(
        screen.getByText('সুরক্ষিত পেমেন্টে বিক্রি হলে সাইট রাখবে ৳২,৪০০ (৩%, সর্বনিম্ন ৳৩০): আপনি পাবেন ৳৭৭,৬০০। নগদ লেনদেনে কোনো ফি নেই।'),
      ).toBeInTheDocument();

      // The catalogue's model, searched in Bangla (issue 34): its variants are then offered in Bangla.
      const model = screen.getByRole('combobox', { name: 'মডেল' });
      expect(model).toHaveAccessibleDescription('নাম লিখুন, যেমন গ্যালাক্সি এস২৩ আল্ট্রা বা রেডমি নোট ১৩ প্রো');
      await userEvent.type(model, 'আইফোন ১৩');
      expect(screen.getByRole('option', { name: /iPhone 13 Pro.*আইফোন ১৩ প্রো/ })).toBeInTheDocument();
      expect(screen.getByRole('option', { name: 'আমার মডেল তালিকায় নেই: “আইফোন ১৩” নামে পোস্ট করুন' })).toBeInTheDocument();
      await userEvent.keyboard('{Enter}');
      expect(model).toHaveValue('iPhone 13 Pro');
      await userEvent.selectOptions(screen.getByLabelText('ভ্যারিয়েন্ট'), '৬ জিবি র‍্যাম, ২৫৬ জিবি');
      expect(screen.getByLabelText('স্টোরেজ')).toHaveValue('256');

      await userEvent.click(screen.getByRole('button', { name: 'পোস্ট করুন' }));
      expect(await screen.findByText('আপনার লোকেশন লিখুন')).toBeInTheDocument();
      expect(screen.getByText('প্রোডাক্টের ছবি দিন')).toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('ব্যাটারি হেলথ (%)'), '120');
      await userEvent.tab();
      // The forms' catalog says the contract's problem after this form's label.
      expect(screen.getByLabelText('ব্যাটারি হেলথ (%)')).toHaveAccessibleDescription(/^ব্যাটারি হেলথ/);
    });
  });
});
