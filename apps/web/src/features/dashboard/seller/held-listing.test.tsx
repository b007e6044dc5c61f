import { i18n } from '@lingui/core';
import type { Product } from '@market/contract';
import { intlLocale } from '@market/contract';
import { namespaces } from '@market/contract/locales/types.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../../lib/i18n.ts';
import { aProduct, aUser, fakeApi, iphone13, renderAt, renderRoutes, signIn, type Call } from '../../../test-utils.tsx';
import { page } from '../test-fixtures.ts';
import EditProduct from './edit-product.tsx';
import MyProducts from './my-products.tsx';

/** Issue 36: a seller's listing held for a check, as its seller reads it. */
const seller = aUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', role: 'Seller', emailVerified: true });
const since = '2026-11-24T10:00:00.000Z';
const waiting = aProduct({
  productName: 'Pixel 7',
  status: 'pending',
  check: { state: 'waiting', signals: ['photo_reused', 'contact_in_description'], reason: null, since, hours: 4 },
});
const rejected = aProduct({
  _id: '3f6c1e2a-8b4d-4c1e-9a7f-2d5b8c9e0a12',
  productName: 'Galaxy S21',
  status: 'pending',
  check: { state: 'rejected', signals: ['price_below_guide'], reason: 'Numbers go on the order', since, hours: 4 },
});
const live = aProduct({ _id: '3f6c1e2a-8b4d-4c1e-9a7f-2d5b8c9e0a13', productName: 'iPhone 13' });

async function myProducts(products: Product[]) {
  fakeApi(() => page(products));
  renderAt('/dashboard/myProduct', <MyProducts />);
  return screen.findByRole('table', { name: /My products|আমার প্রোডাক্ট/ });
}

describe('a held listing in My Products', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(seller);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says it waits for a check, how long that usually takes and why; it can be edited or deleted, not marked sold or advertised', async () => {
    const table = await myProducts([waiting, live]);
    const row = within(table).getByRole('row', { name: /Pixel 7/ });
    expect(row).toHaveTextContent('Waiting for a check');
    expect(row).toHaveTextContent('A person checks it before buyers see it, usually within 4 hours.');
    const reasons = within(row)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(reasons).toEqual([
      'A photo is like one on another seller’s listing',
      'The description has a phone number, e-mail address or link: buyers reach you through the site',
    ]);
    expect(within(row).getByRole('link', { name: 'Edit Pixel 7' })).toHaveAttribute('href', `/dashboard/edit-product/${waiting._id}`);
    expect(within(row).getByRole('button', { name: 'Delete Pixel 7' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Mark sold/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Advertise' })).toBeNull();
    // A live one keeps its acts.
    const liveRow = within(table).getByRole('row', { name: /iPhone 13/ });
    expect(liveRow).toHaveTextContent('available');
    expect(within(liveRow).getByRole('button', { name: 'Mark sold: iPhone 13' })).toBeInTheDocument();
    expect(within(liveRow).getByRole('button', { name: 'Advertise' })).toBeInTheDocument();
  });

  it('says a rejected one is not approved, with the Admin’s reason, and that an edit sends it again', async () => {
    const table = await myProducts([rejected]);
    const row = within(table).getByRole('row', { name: /Galaxy S21/ });
    expect(row).toHaveTextContent('Not approved');
    expect(row).toHaveTextContent('The Admin’s reason: Numbers go on the order');
    expect(row).toHaveTextContent('Edit it to send it again, or delete it.');
    expect(row).toHaveTextContent('Why it was held:The price is far below what this model sells for');
    expect(row).not.toHaveTextContent('usually within');
    expect(within(row).getByRole('link', { name: 'Edit Galaxy S21' })).toBeInTheDocument();
  });

  it('says each signal in plain words, and a few hours when the usual wait is not known', async () => {
    const every = aProduct({
      status: 'pending',
      check: {
        state: 'waiting',
        signals: ['new_seller_limit', 'photo_reused', 'price_below_guide', 'imei_flagged', 'contact_in_description'],
        reason: null,
        since,
        hours: null,
      },
    });
    const table = await myProducts([every]);
    expect(table).toHaveTextContent('usually within a few hours.');
    expect(
      within(table)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'New sellers can have only a few phones listed until their first sale',
      'A photo is like one on another seller’s listing',
      'The price is far below what this model sells for',
      'This handset was on a listing that was removed or reported stolen',
      'The description has a phone number, e-mail address or link: buyers reach you through the site',
    ]);
  });
});

describe('editing a held listing', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(seller);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows its check above the form, and the edit is sent (it is checked again)', async () => {
    // The whole listing its seller sees (a model of the catalogue, its specs), as the edit form asks.
    const own = {
      ...rejected,
      phoneNumber: '01711-000444',
      storageGb: 128,
      ramGb: 4,
      batteryHealth: 88,
      imei: '490154203237518',
      phoneModel: { _id: iphone13._id, name: iphone13.name, nameBn: iphone13.nameBn, slug: iphone13.slug },
    };
    const calls = fakeApi(({ method, path }: Call) => {
      if (path === `/api/own-product/${own._id}`) return { status: 200, body: { success: true, data: own } };
      if (path === '/api/category') return { status: 200, body: { success: true, data: [{ _id: own.categoryId._id, category: 'Apple', categoryLogo: '' }] } };
      if (path === '/api/phone-models') return { status: 200, body: { success: true, data: [iphone13] } };
      if (method === 'PUT') return { status: 200, body: { success: true, data: own } };
      return { status: 200, body: { success: true, data: [] } };
    });
    const { router } = renderRoutes(`/dashboard/edit-product/${own._id}`, [
      { path: '/dashboard/edit-product/:id', element: <EditProduct /> },
      { path: '/dashboard/myProduct', element: <p>my products</p> },
    ]);
    const save = await screen.findByRole('button', { name: 'Save changes' });
    const notice = screen.getByRole('heading', { level: 2, name: 'Not approved' }).parentElement!;
    expect(notice).toHaveTextContent('The Admin’s reason: Numbers go on the order');
    expect(notice).toHaveTextContent('Edit it to send it again, or delete it.');
    await userEvent.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myProduct'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([`/api/product/${own._id}`]);
  });
});

describe('a held listing in Bangla', () => {
  beforeEach(async () => {
    localStorage.clear();
    signIn(seller);
    await Promise.all(namespaces.map((ns) => loadCatalog('bn', ns)));
    i18n.activate('bn', [intlLocale.bn]);
  });
  afterEach(() => {
    i18n.activate('en', [intlLocale.en]);
    vi.unstubAllGlobals();
  });

  it('says waiting, the usual hours in Bangla digits and the reasons; and not approved with the reason', async () => {
    const table = await myProducts([waiting, rejected]);
    const row = within(table).getByRole('row', { name: /Pixel 7/ });
    expect(row).toHaveTextContent('যাচাইয়ের অপেক্ষায়');
    expect(row).toHaveTextContent('ক্রেতারা দেখার আগে একজন মানুষ এটি যাচাই করবেন, সাধারণত ৪ ঘণ্টার মধ্যে।');
    expect(row).toHaveTextContent('একটি ছবি অন্য এক বিক্রেতার বিজ্ঞাপনের ছবির মতো');
    const other = within(table).getByRole('row', { name: /Galaxy S21/ });
    expect(other).toHaveTextContent('অনুমোদিত হয়নি');
    expect(other).toHaveTextContent('অ্যাডমিনের কারণ: Numbers go on the order');
    expect(other).toHaveTextContent('আবার পাঠাতে এটি সম্পাদনা করুন, অথবা মুছে দিন।');
  });
});
