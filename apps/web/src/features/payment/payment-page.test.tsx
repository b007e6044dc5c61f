import { i18n } from '@lingui/core';
import { intlLocale, type Order } from '@market/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../lib/i18n.ts';
import { aUser, fakeApi, renderAt, signIn } from '../../test-utils.tsx';
import PaymentPage from './payment-page.tsx';

const buyer = aUser({ role: 'Buyer' });
/** An order with what the payment page reads of it. */
const anOrder = (overrides: Partial<Order> = {}) =>
  ({
    _id: '00000000-0000-4000-8000-000000000001',
    productId: null,
    productName: 'Pixel 7',
    productPrice: 41500,
    buyerName: buyer.name,
    state: 'requested',
    paid: false,
    payment: null,
    ...overrides,
  }) as Order;
const intent = { clientSecret: 'pi_sbx_1_secret_x', intentId: 'pi_sbx_1', amount: 41500, provider: 'sandbox', publishableKey: null, bkash: true };

function open(order: Order) {
  signIn(buyer);
  fakeApi(({ method }) => ({ status: 200, body: { success: true, data: method === 'GET' ? order : intent } }));
  renderAt(`/dashboard/payment/${order._id}`, <PaymentPage />, '/dashboard/payment/:id');
}

describe('the payment page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    i18n.activate('en', [intlLocale.en]);
    vi.unstubAllGlobals();
  });

  it("says the spec's words in English", async () => {
    open(anOrder());
    expect(await screen.findByRole('heading', { name: 'Payment for Pixel 7' })).toBeInTheDocument();
    expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Please pay 41,500 tk for Pixel 7')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'bKash' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveAttribute('placeholder', 'Card number');
    expect(screen.getByRole('textbox', { name: 'Expiry date' })).toHaveAttribute('placeholder', 'MM / YY');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeInTheDocument();
  });

  describe('in Bangla', () => {
    beforeEach(async () => {
      await Promise.all((['payment', 'common'] as const).map((ns) => loadCatalog('bn', ns)));
      i18n.activate('bn', [intlLocale.bn]);
    });

    it('asks for the amount in Bangla digits, and offers card or bKash', async () => {
      open(anOrder());
      expect(await screen.findByRole('heading', { name: 'Pixel 7-এর পেমেন্ট' })).toBeInTheDocument();
      expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Pixel 7-এর জন্য ৳৪১,৫০০ পরিশোধ করুন')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'কার্ড নম্বর' })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'মেয়াদ শেষের তারিখ' })).toHaveAttribute('placeholder', 'মাস / বছর');
      expect(screen.getByRole('button', { name: 'পেমেন্ট করুন' })).toBeInTheDocument();
      await userEvent.click(await screen.findByRole('radio', { name: 'বিকাশ' }));
      expect(screen.getByRole('button', { name: 'বিকাশে পেমেন্ট করুন' })).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'যেভাবে পেমেন্ট করবেন' })).toBeInTheDocument();
    });

    it('shows the receipt of a paid order: amount and date in Bangla digits', async () => {
      open(anOrder({ paid: true, payment: { transactionId: 'pi_sbx_9', amount: 41500, paidAt: '2026-11-23T06:30:00.000Z' } }));
      const receipt = await screen.findByRole('region', { name: /রসিদ/ });
      expect(receipt).toHaveTextContent('পরিশোধিত');
      expect(receipt).toHaveTextContent('৳৪১,৫০০');
      expect(receipt).toHaveTextContent(/২৩ নভে, ২০২৬/);
      expect(receipt).toHaveTextContent('pi_sbx_9');
    });
  });
});
