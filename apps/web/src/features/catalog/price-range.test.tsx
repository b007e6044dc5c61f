import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { renderRoutes } from '../../test-utils.tsx';
import { PriceRange } from './price-range.tsx';
import type { SearchArgs } from './search-api.ts';

const track = { min: 20_000, max: 80_000 };

function render(args: SearchArgs = { q: 'galaxy' }) {
  const onChange = vi.fn();
  const { store } = renderRoutes('/', [{ path: '/', element: <PriceRange args={args} track={track} onChange={onChange} /> }]);
  return {
    onChange,
    store,
    low: screen.getByRole('slider', { name: 'Lowest price, slider' }),
    high: screen.getByRole('slider', { name: 'Highest price, slider' }),
  };
}

describe('the price slider', () => {
  it("starts from the URL's range or the whole track, in the product slice (the spec's 100/1000 never show)", () => {
    const { store, low, high } = render({ q: 'galaxy', minPrice: 30_000 });
    expect(store.getState().product.querys).toEqual({ lowPrice: 30_000, hightPrice: 80_000 });
    expect(low).toHaveValue('30000');
    expect(high).toHaveValue('80000');
    expect(low).toHaveAttribute('aria-valuetext', '30,000 tk');
  });

  it('arrow keys apply once they rest, not at every step; the boxes follow', async () => {
    const { onChange, low } = render();
    // jsdom does not step a range input by itself: each key press is its change, then its key-up.
    for (const value of ['20500', '21000', '21500']) {
      fireEvent.change(low, { target: { value } });
      fireEvent.keyUp(low, { key: 'ArrowRight' });
    }
    expect(screen.getByRole('textbox', { name: 'Lowest price' })).toHaveValue('21,500');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange).toHaveBeenCalledWith({ q: 'galaxy', minPrice: 21_500, maxPrice: undefined });
  });

  it('a handle let go where it was changes nothing; the handles never cross', async () => {
    const { onChange, low, high } = render({ q: 'galaxy', maxPrice: 50_000 });
    fireEvent.pointerUp(high);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(low, { target: { value: '70000' } });
    expect(low).toHaveValue('50000');
    fireEvent.pointerUp(low);
    expect(onChange).toHaveBeenCalledWith({ q: 'galaxy', minPrice: 50_000, maxPrice: 50_000 });
  });

  it('typing a price the way people write it moves its handle; Apply sends it', async () => {
    const { onChange, high } = render();
    await userEvent.type(screen.getByRole('textbox', { name: 'Highest price' }), '45,000');
    expect(high).toHaveValue('45000');
    await userEvent.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(onChange).toHaveBeenCalledWith({ q: 'galaxy', minPrice: undefined, maxPrice: 45_000 });
  });

  it("the server's render and the hydrating one hold the handles at the URL's range, so a key pressed as the app takes over moves from there", async () => {
    const args = { q: 'galaxy', minPrice: 30_000 };
    const onChange = vi.fn();
    const page = (store: ReturnType<typeof makeStore>) => (
      <Provider store={store}>
        <PriceRange args={args} track={track} onChange={onChange} />
      </Provider>
    );
    const container = document.createElement('div');
    document.body.append(container);
    // A fresh store, as on the server and in the browser before the app runs: the slice holds the spec's 100-1000.
    container.innerHTML = renderToString(page(makeStore()));
    const [low, high] = container.querySelectorAll<HTMLInputElement>('input[type="range"]');
    expect(low!.value).toBe('30000');
    expect(high!.value).toBe('80000');
    const root = await act(async () => hydrateRoot(container, page(makeStore())));
    // One step up (PageUp on a 60,000 tk track steps 500 tk), then the key rests.
    fireEvent.change(low!, { target: { value: '30500' } });
    fireEvent.keyUp(low!, { key: 'PageUp' });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ q: 'galaxy', minPrice: 30_500, maxPrice: undefined }));
    act(() => root.unmount());
    container.remove();
  });
});
