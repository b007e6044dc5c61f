import { act, fireEvent, render as draw, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel, CAROUSEL_INTERVAL_MS } from './carousel.tsx';

const images = ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp'];
const slides = images.map((src, i) => ({ src, name: `Phone ${i + 1}`, href: `/detail-product/${i + 1}` }));
/** Slides are links: the carousel draws inside a router. */
const render = (ui: ReactNode) => draw(<MemoryRouter>{ui}</MemoryRouter>);
const currentDot = () => screen.getAllByRole('button', { name: /Go to slide/ }).findIndex((b) => b.getAttribute('aria-current') === 'true');

describe('Carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('makes each slide a link to its phone, its picture named by the phone; the slides out of view are inert', () => {
    render(<Carousel label="Ads" slides={slides} />);
    // Only the slide in view is a link one can reach and hear.
    const link = screen.getByRole('link', { name: 'Phone 1' });
    expect(link).toHaveAttribute('href', '/detail-product/1');
    expect(screen.getByAltText('Phone 1')).toHaveAttribute('src', images[0]);
    expect(screen.getByAltText('Phone 2').closest('[aria-roledescription="slide"]')).toHaveAttribute('inert');
    expect(screen.queryByRole('link', { name: 'Phone 2' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(screen.getByRole('link', { name: 'Phone 2' })).toHaveAttribute('href', '/detail-product/2');
    expect(screen.getByAltText('Phone 1').closest('[aria-roledescription="slide"]')).toHaveAttribute('inert');
  });

  it('advances every 5000 ms and wraps from the last slide to the first', () => {
    render(<Carousel label="Ads" slides={slides} />);
    expect(currentDot()).toBe(0);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1));
    expect(currentDot()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(currentDot()).toBe(1);
    act(() => vi.advanceTimersByTime(2 * CAROUSEL_INTERVAL_MS));
    expect(currentDot()).toBe(0);
  });

  it('pauses while hovered and goes on after', () => {
    render(<Carousel label="Ads" slides={slides} />);
    const carousel = screen.getByRole('region', { name: 'Ads' });
    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(3 * CAROUSEL_INTERVAL_MS));
    expect(currentDot()).toBe(0);
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(currentDot()).toBe(1);
  });

  it('holds still while keyboard focus is inside it, and goes on once focus leaves', () => {
    render(
      <>
        <Carousel label="Ads" slides={slides} />
        <button type="button">after</button>
      </>,
    );
    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
    expect(currentDot()).toBe(0);
    // Focus moving between its own controls keeps it still.
    act(() => screen.getByRole('button', { name: 'Go to slide 1' }).focus());
    act(() => vi.advanceTimersByTime(3 * CAROUSEL_INTERVAL_MS));
    expect(currentDot()).toBe(0);
    act(() => screen.getByRole('button', { name: 'after' }).focus());
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(currentDot()).toBe(1);
  });

  it('never moves by itself when the user asked for less motion; the buttons still work', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) =>
      ({
        matches: query === '(prefers-reduced-motion: reduce)',
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList) as typeof window.matchMedia;
    try {
      render(<Carousel label="Ads" slides={slides} />);
      act(() => vi.advanceTimersByTime(5 * CAROUSEL_INTERVAL_MS));
      expect(currentDot()).toBe(0);
      fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
      expect(currentDot()).toBe(1);
    } finally {
      window.matchMedia = original;
    }
  });

  it('before the app runs its arrows are not there and its dots are unseen, keeping their place; once hydrated both work (issue 35)', async () => {
    const ui = (
      <MemoryRouter>
        <Carousel label="Ads" slides={slides} />
      </MemoryRouter>
    );
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(ui);
    // The server's first screen: the slide in view is a plain link, nothing that would do nothing.
    expect(container.querySelector('[aria-label="Next slide"], [aria-label="Previous slide"]')).toBeNull();
    const dots = container.querySelector('[aria-label="Go to slide 1"]')!.parentElement!;
    expect(dots).toHaveClass('invisible');
    expect(container.querySelector('a[href="/detail-product/1"]')).not.toBeNull();

    const root = await act(async () => hydrateRoot(container, ui));
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    expect(container.querySelector('[aria-label="Go to slide 1"]')!.parentElement).not.toHaveClass('invisible');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentDot()).toBe(1);
    act(() => root.unmount());
    container.remove();
  });

  it('previous wraps from the first slide to the last; dots jump to a slide', () => {
    render(<Carousel label="Ads" slides={slides} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(currentDot()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentDot()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    expect(currentDot()).toBe(1);
  });
});
