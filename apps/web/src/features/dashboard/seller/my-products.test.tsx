import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProduct, aUser, fakeApi, renderAt, signIn, type Call } from '../../../test-utils.tsx';
import { page } from '../test-fixtures.ts';
import MyProducts from './my-products.tsx';

/** Issue 29: a sold listing is never deleted; its seller hides it instead. */
const seller = aUser({ _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', role: 'Seller', emailVerified: true });
const forSale = aProduct({ productName: 'iPhone 13' });
const sold = aProduct({ _id: '3f6c1e2a-8b4d-4c1e-9a7f-2d5b8c9e0a12', productName: 'Galaxy S21', status: 'sold' });

describe('My Products', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(seller);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names each phone with a link to its page (issue 35)', async () => {
    fakeApi(() => page([forSale, sold]));
    renderAt('/dashboard/myProduct', <MyProducts />);
    const table = await screen.findByRole('table', { name: 'My products' });
    expect(within(table).getByRole('link', { name: 'iPhone 13' })).toHaveAttribute('href', `/detail-product/${forSale._id}`);
    expect(within(table).getByRole('link', { name: 'Galaxy S21' })).toHaveAttribute('href', `/detail-product/${sold._id}`);
  });

  it('offers Hide instead of Delete on a sold listing, asks first, then hides it', async () => {
    let hidden = false;
    const calls = fakeApi(({ method, path }: Call) => {
      if (method === 'PUT' && path === `/api/hide-product/${sold._id}`) {
        hidden = true;
        return { status: 200, body: { success: true, data: sold } };
      }
      return page(hidden ? [forSale] : [forSale, sold]);
    });
    renderAt('/dashboard/myProduct', <MyProducts />);
    const table = await screen.findByRole('table', { name: 'My products' });
    const soldRow = within(table).getByRole('row', { name: /Galaxy S21/ });
    expect(within(soldRow).queryByRole('button', { name: /^Delete/ })).toBeNull();
    const forSaleRow = within(table).getByRole('row', { name: /iPhone 13/ });
    expect(within(forSaleRow).getByRole('button', { name: 'Delete iPhone 13' })).toBeInTheDocument();
    expect(within(forSaleRow).queryByRole('button', { name: /^Hide/ })).toBeNull();

    await userEvent.click(within(soldRow).getByRole('button', { name: 'Hide Galaxy S21' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide this sold phone?' });
    expect(dialog).toHaveTextContent("Galaxy S21 leaves this list and its page. A sold phone is never deleted: its buyer's order and review stay.");
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, hide it' }));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Galaxy S21/ })).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([`PUT /api/hide-product/${sold._id}`]);
  });

  it('says how many people saved each listing (issue 34)', async () => {
    fakeApi(() =>
      page([
        { ...forSale, saves: 3 },
        { ...sold, saves: 0 },
      ]),
    );
    renderAt('/dashboard/myProduct', <MyProducts />);
    const table = await screen.findByRole('table', { name: 'My products' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    const column = headers.indexOf('Saved');
    expect(column).toBeGreaterThan(0);
    const cellOf = (name: RegExp) => within(within(table).getByRole('row', { name })).getAllByRole('cell')[column - 1];
    expect(cellOf(/iPhone 13/)).toHaveTextContent('3');
    expect(within(cellOf(/iPhone 13/)!).getByTitle('Saved by 3 people')).toBeInTheDocument();
    expect(cellOf(/Galaxy S21/)).toHaveTextContent('0');
  });
});
