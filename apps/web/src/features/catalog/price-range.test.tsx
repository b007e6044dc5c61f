import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
});
