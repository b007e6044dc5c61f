import type { SavedSearch } from '@market/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser, fakeApi, renderAt, signIn, type Call } from '../../test-utils.tsx';
import { page } from '../dashboard/test-fixtures.ts';
import SavedSearchesPage from './saved-searches-page.tsx';

/** Issue 34: a person's saved searches in words, how often each tells (changed in place), its phones, its deletion. */
const buyer = aUser({ role: 'Buyer' });
const apple = '6f1c2a9e-0b1d-4c8e-9a55-3b1f7d2e4a10';
const search = (n: number, overrides: Partial<SavedSearch>): SavedSearch => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  query: { q: 'iphone 13' },
  frequency: 'instant',
  createdAt: '2026-11-27T10:00:00.000Z',
  matches: 0,
  lastMatchAt: null,
  ...overrides,
});

describe('Saved searches', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn(buyer);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says each search in words with its matches, changes how often one tells, and deletes one once asked', async () => {
    let kept = [
      search(1, {
        query: { q: 'iphone 13', category: [apple], district: 'cumilla', maxPrice: 60000, condition: ['Good'] },
        matches: 2,
        lastMatchAt: '2026-11-28T09:00:00.000Z',
      }),
      search(2, { query: { q: 'pixel 7' }, frequency: 'daily' }),
    ];
    const calls = fakeApi(({ method, path, body }: Call) => {
      if (path === '/api/category') return { status: 200, body: { success: true, data: [{ _id: apple, category: 'Apple', categoryLogo: '' }] } };
      if (method === 'PUT') {
        kept = kept.map((s) => (path.endsWith(s._id) ? { ...s, frequency: (body as { frequency: 'daily' }).frequency } : s));
        return { status: 200, body: { success: true, data: kept[0] } };
      }
      if (method === 'DELETE') {
        kept = kept.filter((s) => !path.endsWith(s._id));
        return { status: 200, body: { success: true, data: { deleted: true } } };
      }
      return page(kept);
    });
    renderAt('/dashboard/saved-searches', <SavedSearchesPage />);
    const items = await screen.findAllByRole('listitem');
    await waitFor(() => expect(items[0]).toHaveTextContent('“iphone 13” · Apple · Good · Price ≤ 60,000 tk · Cumilla'));
    expect(items[0]).toHaveTextContent('2 phones matched, the last on');
    expect(items[1]).toHaveTextContent('No phone matched yet');
    expect(within(items[0]!).getByRole('link', { name: 'Show the phones' })).toHaveAttribute(
      'href',
      `/search?q=iphone+13&category=${apple}&district=cumilla&maxPrice=60000&condition=Good`,
    );
    await userEvent.selectOptions(within(items[0]!).getByRole('combobox', { name: 'Tell me' }), 'daily');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: `/api/saved-searches/${kept[0]!._id}`, body: { frequency: 'daily' } }),
    );
    await userEvent.click(within(items[1]!).getByRole('button', { name: 'Delete the saved search “pixel 7”' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/saved-searches/00000000-0000-4000-8000-000000000002')).toBe(true);
  });

  it('says what to do when there are none', async () => {
    fakeApi(() => page([]));
    renderAt('/dashboard/saved-searches', <SavedSearchesPage />);
    expect(await screen.findByText(/No saved searches yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search phones' })).toHaveAttribute('href', '/search');
  });
});
