import type { SearchAnswer } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProduct, fakeApi, renderAt } from '../../test-utils.tsx';
import { CategoryPage } from './category-page.tsx';
import { SearchPage } from './search-page.tsx';
import { readSearch } from './search-params.ts';
import { inBangla } from './test-fixtures.ts';

/** Issue 34, item 3 (decision 058): the search's "best deal" order, offered beside the others and kept in the URL. */

const apple = { _id: '5f0c1f55-7c1a-4b55-9a0e-1d7f1b8c2a11', category: 'Apple', categoryLogo: '/apple.svg' };
const meta: SearchAnswer['meta'] = {
  nextCursor: null,
  total: 1,
  facets: { categories: [{ ...apple, count: 1 }], conditions: [{ condition: 'Good', count: 1 }], price: { min: 20_000, max: 80_000 } },
};

/** The API of the browsing pages: brands, a brand's phones, and the search (one phone). */
function api() {
  fakeApi(({ path }) => {
    const page = { success: true, data: [aProduct()], meta: { nextCursor: null } };
    if (path === '/api/category') return { status: 200, body: { success: true, data: [apple] } };
    if (path === `/api/category-products/${apple._id}`) return { status: 200, body: page };
    if (path === '/api/products') return { status: 200, body: { success: true, data: [aProduct()], meta } };
    return { status: 404, body: { success: false, message: 'not found' } };
  });
}

describe('the best deal sort', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is offered by the search's sort, last, and chosen goes into the URL", async () => {
    api();
    const { router } = renderAt('/search?q=iphone', <SearchPage />, '/search');
    const sort = await screen.findByRole('combobox', { name: 'Sort' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent]),
    ).toEqual([
      ['relevance', 'Best match'],
      ['newest', 'Newest'],
      ['price_asc', 'Price: low to high'],
      ['price_desc', 'Price: high to low'],
      ['best_deal', 'Best deal'],
    ]);
    await userEvent.selectOptions(sort, 'best_deal');
    await waitFor(() => expect(router.state.location.search).toBe('?q=iphone&sort=best_deal'));
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveDisplayValue('Best deal');
  });

  it("is read from a shared link, and offered on a brand's page", async () => {
    expect(readSearch(new URLSearchParams('sort=best_deal'))).toEqual({ sort: 'best_deal' });
    api();
    const { router } = renderAt(`/category/${apple._id}`, <CategoryPage />, '/category/:id');
    const sort = await screen.findByRole('combobox', { name: 'Sort' });
    expect(within(sort).getByRole('option', { name: 'Best deal' })).toHaveValue('best_deal');
    await userEvent.selectOptions(sort, 'best_deal');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=best_deal'));
  });
});

describe('the best deal sort in Bangla', () => {
  inBangla(['catalog', 'common']);

  it('is named in Bangla', async () => {
    api();
    renderAt('/search?sort=best_deal', <SearchPage />, '/search');
    expect(await screen.findByRole('combobox', { name: 'সাজান' })).toHaveDisplayValue('সাধারণ দামের চেয়ে সস্তা আগে');
  });
});
