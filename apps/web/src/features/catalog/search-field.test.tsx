import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubRequest } from '../../test-utils.tsx';
import { SearchField } from './search-field.tsx';

const samsung = { _id: '5f0c1f55-7c1a-4b55-9a0e-1d7f1b8c2a11', category: 'Samsung', logo: '' };
const names: Record<string, string[]> = {
  gal: ['Galaxy S21', 'Galaxy A54 5G'],
  sam: ['Galaxy S21'],
  iph: ['iPhone 12'],
  ipho: ['iPhone 13', 'iPhone 13 Pro Max'],
};

interface Asked {
  q: string;
  signal: AbortSignal;
  answer(): void;
}

/** fetch for the categories and the suggestions; a suggestion answer waits until the test lets it go. */
function api() {
  const asked: Asked[] = [];
  stubRequest();
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/category') return json({ success: true, data: [samsung] });
      const q = url.searchParams.get('q')!;
      return new Promise<Response>((resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        const data = (names[q] ?? []).map((productName) => ({ productName, category: q.startsWith('i') ? 'Apple' : 'Samsung' }));
        asked.push({ q, signal: request.signal, answer: () => resolve(json({ success: true, data })) });
      });
    }),
  );
  return asked;
}

function Box({ onSearch }: { onSearch(q: string): void }) {
  const [text, setText] = useState('');
  return (
    <form role="search" onSubmit={(e) => e.preventDefault()}>
      <SearchField value={text} onChange={setText} onSearch={onSearch} placeholder="Search phones" />
    </form>
  );
}

function render(onSearch = vi.fn()) {
  const { router } = renderRoutes('/', [
    { path: '/', element: <Box onSearch={onSearch} /> },
    { path: '/category/:id', element: <p>category page</p> },
  ]);
  return { router, onSearch, box: screen.getByRole('combobox', { name: 'Search phones' }) };
}

const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('the search box suggests while typing', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks once typing pauses, not for every letter, and lists the names with their brands', async () => {
    const asked = api();
    const { box } = render();
    await userEvent.type(box, 'gal');
    await waitFor(() => expect(asked.map((a) => a.q)).toEqual(['gal']));
    asked[0]!.answer();
    await waitFor(() => expect(optionNames()).toEqual(['Galaxy S21Samsung', 'Galaxy A54 5GSamsung']));
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it('cancels a question the next keystroke made stale; its late answer never shows', async () => {
    const asked = api();
    const { box } = render();
    await userEvent.type(box, 'iph');
    await waitFor(() => expect(asked.map((a) => a.q)).toEqual(['iph']));
    await userEvent.type(box, 'o');
    await waitFor(() => expect(asked.map((a) => a.q)).toEqual(['iph', 'ipho']));
    expect(asked[0]!.signal.aborted).toBe(true);
    asked[1]!.answer();
    asked[0]!.answer();
    await waitFor(() => expect(optionNames()).toEqual(['iPhone 13Apple', 'iPhone 13 Pro MaxApple']));
    expect(optionNames()).not.toContain('iPhone 12Apple');
  });

  it("keeps the last names while the text goes on from what they answered, and drops them once it does not ('gal' → 'ga' → 'gap')", async () => {
    const asked = api();
    const { box } = render();
    await userEvent.type(box, 'gal');
    await waitFor(() => expect(asked).toHaveLength(1));
    asked[0]!.answer();
    await waitFor(() => expect(optionNames()).toEqual(['Galaxy S21Samsung', 'Galaxy A54 5GSamsung']));
    await userEvent.type(box, 'a');
    expect(optionNames()).toEqual(['Galaxy S21Samsung', 'Galaxy A54 5GSamsung']);
    await userEvent.type(box, '{Backspace}{Backspace}');
    expect(optionNames()).toEqual([]);
    await userEvent.type(box, 'p');
    expect(optionNames()).toEqual([]);
  });

  it('arrow keys move through the list, Enter searches for the highlighted name, Escape closes the list', async () => {
    const asked = api();
    const { box, onSearch } = render();
    await userEvent.type(box, 'ipho');
    await waitFor(() => expect(asked).toHaveLength(1));
    asked[0]!.answer();
    await screen.findByRole('option', { name: /iPhone 13 Pro Max/ });

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: /iPhone 13 Pro Max/ });
    expect(box).toHaveAttribute('aria-activedescendant', second.id);
    expect(second).toHaveAttribute('aria-selected', 'true');
    // Past the last one, back to the text as typed.
    await userEvent.keyboard('{ArrowDown}');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(onSearch).toHaveBeenCalledWith('iPhone 13 Pro Max');
    expect(box).toHaveValue('iPhone 13 Pro Max');
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await userEvent.type(box, ' ');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter on the text as typed closes the list: it does not stay over the results (issue 35)', async () => {
    const asked = api();
    const { box } = render();
    await userEvent.type(box, 'gal');
    await waitFor(() => expect(asked).toHaveLength(1));
    asked[0]!.answer();
    await screen.findByRole('option', { name: /Galaxy S21/ });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Enter}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
    // Typing on opens it again.
    await userEvent.type(box, 'a');
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it('offers a brand whose name begins with the text; picking it opens the brand', async () => {
    const asked = api();
    const { box, router } = render();
    await userEvent.type(box, 'sam');
    await screen.findByRole('option', { name: 'All Samsung phones' });
    await waitFor(() => expect(asked).toHaveLength(1));
    asked[0]!.answer();
    await waitFor(() => expect(optionNames()).toEqual(['All Samsung phones', 'Galaxy S21Samsung']));
    await userEvent.click(screen.getByRole('option', { name: 'All Samsung phones' }));
    expect(router.state.location.pathname).toBe(`/category/${samsung._id}`);
  });

  it('asks nothing for a single letter', async () => {
    const asked = api();
    const { box } = render();
    await userEvent.type(box, 'g');
    await new Promise((r) => setTimeout(r, 400));
    expect(asked).toEqual([]);
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});
