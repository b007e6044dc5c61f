import type { SearchAnswer } from '@market/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { renderAt } from '../../test-utils.tsx';
import { FilterPanel } from './filter-panel.tsx';
import type { SearchArgs } from './search-api.ts';
import { inBangla } from './test-fixtures.ts';

const apple = '5f0c1f55-7c1a-4b55-9a0e-1d7f1b8c2a11';
const meta: SearchAnswer['meta'] = {
  nextCursor: null,
  total: 7,
  facets: {
    categories: [{ _id: apple, category: 'Apple', count: 7 }],
    conditions: [
      { condition: 'Good', count: 4 },
      { condition: 'Fair', count: 3 },
    ],
    price: { min: 20_000, max: 80_000 },
  },
};

/** The search page's part: the filters beside the results, each choice kept (as the URL keeps it), with a count for it. */
function Search({ start, seen }: { start: SearchArgs; seen: SearchArgs[] }) {
  const [args, setArgs] = useState(start);
  const total = args.condition?.length ? 4 : 7;
  return (
    <>
      <FilterPanel
        args={args}
        meta={meta}
        total={total}
        results="results"
        onChange={(next) => {
          seen.push(next);
          setArgs(next);
        }}
      />
      <section id="results" tabIndex={-1} aria-label="Results" />
    </>
  );
}

describe("the filters on a phone: a sheet with 'Show N phones' and 'Clear all' (issue 35)", () => {
  it('opens as a modal dialog with the focus inside; a choice applies and the count follows; Show closes it onto the results', async () => {
    const seen: SearchArgs[] = [];
    renderAt('/search?q=galaxy', <Search start={{ q: 'galaxy', sort: 'price_asc' }} seen={seen} />, '/search');
    const toggle = screen.getByRole('button', { name: /^Filters/ });
    expect(toggle).toHaveAttribute('aria-haspopup', 'dialog');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(sheet).toHaveAttribute('open');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(sheet.contains(document.activeElement)).toBe(true);
    expect(within(sheet).getByRole('button', { name: 'Show 7 phones' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Clear all' })).toBeDisabled();

    await userEvent.click(within(sheet).getByRole('checkbox', { name: /^Good/ }));
    expect(seen.at(-1)).toEqual({ q: 'galaxy', sort: 'price_asc', condition: ['Good'] });
    expect(within(sheet).getByRole('button', { name: 'Show 4 phones' })).toBeInTheDocument();
    expect(toggle).toHaveTextContent('Filters (1 in use)');

    await userEvent.click(within(sheet).getByRole('button', { name: 'Show 4 phones' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('region', { name: 'Results' })).toHaveFocus();
  });

  it("'Clear all' drops every filter but keeps the words and the order; ✕ and Escape's close give the focus back to the button", async () => {
    const seen: SearchArgs[] = [];
    const start: SearchArgs = { q: 'galaxy', sort: 'newest', category: [apple], condition: ['Fair'], verified: 'true', location: 'Dhanmondi', minBattery: 90 };
    renderAt('/search', <Search start={start} seen={seen} />, '/search');
    const toggle = screen.getByRole('button', { name: 'Filters (5 in use)' });
    await userEvent.click(toggle);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear all' }));
    expect(seen).toEqual([{ q: 'galaxy', sort: 'newest' }]);
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Area' })).toHaveValue('');
    expect(toggle).toHaveTextContent(/^Filters▾$/);

    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle).toHaveFocus();

    // Escape: the browser closes the dialog (its 'close' event; jsdom has no Escape of its own).
    await userEvent.click(toggle);
    act(() => screen.getByRole<HTMLDialogElement>('dialog').close());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle).toHaveFocus();
  });

  describe('in Bangla', () => {
    inBangla(['catalog', 'common']);

    it('says how many phones it shows in Bangla digits', async () => {
      renderAt('/search', <Search start={{}} seen={[]} />, '/search');
      await userEvent.click(await screen.findByRole('button', { name: /^ফিল্টার/ }));
      const sheet = screen.getByRole('dialog', { name: 'ফিল্টার' });
      expect(within(sheet).getByRole('button', { name: '৭টি ফোন দেখুন' })).toBeInTheDocument();
      expect(within(sheet).getByRole('button', { name: 'সব মুছুন' })).toBeDisabled();
    });
  });
});

describe('before the app runs (the server draws the page, issue 35)', () => {
  const url = '/category/x?condition=Good&sort=price_asc';
  const page = () => {
    const router = createMemoryRouter([{ path: '/category/:id', element: <Search start={{ condition: ['Good'], sort: 'price_asc' }} seen={[]} /> }], {
      initialEntries: [url],
    });
    return (
      <Provider store={makeStore()}>
        <RouterProvider router={router} />
      </Provider>
    );
  };

  it('the Filters button is a link that unfolds them, and they are a plain GET form of the page; once the app runs, a button and choices that apply at once', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(page());
    const unfold = container.querySelector('a[href="#search-filters"]');
    expect(unfold).toHaveTextContent('Filters (1 in use)');
    expect(container.querySelector('#search-filters')).toHaveClass('hidden', 'target:block', 'md:block');
    const form = container.querySelector('#search-filters form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/category/x');
    // What the form sends is what the page's address says (search-params.ts reads it back).
    const sent = new URLSearchParams(new FormData(form as HTMLFormElement) as unknown as Record<string, string>);
    expect(sent.getAll('condition')).toEqual(['Good']);
    expect(sent.get('sort')).toBe('price_asc');
    const names = [...(form as HTMLFormElement).elements].map((el) => (el as HTMLInputElement).name);
    for (const name of ['category', 'condition', 'storage', 'minBattery', 'minPrice', 'maxPrice', 'division', 'district', 'location', 'verified'])
      expect(names, name).toContain(name);
    expect(within(form as HTMLElement).getByRole('button', { name: 'Show phones' })).toHaveAttribute('type', 'submit');
    // The handles could not send anything: they wait for the app.
    for (const slider of container.querySelectorAll('input[type="range"]')) expect(slider).toBeDisabled();

    const root = await act(async () => hydrateRoot(container, page()));
    expect(container.querySelector('a[href="#search-filters"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters (1 in use)' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByRole('button', { name: 'Show phones' })).toBeNull();
    for (const slider of container.querySelectorAll('input[type="range"]')) expect(slider).toBeEnabled();
    // The app keeps the page: a submit (Enter in a box) never reloads it.
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    fireEvent(form, submit);
    expect(submit.defaultPrevented).toBe(true);
    act(() => root.unmount());
    container.remove();
  });
});
