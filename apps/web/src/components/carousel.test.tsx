import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel, CAROUSEL_INTERVAL_MS } from './carousel.tsx';

const images = ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp'];
const currentDot = () => screen.getAllByRole('button', { name: /Go to slide/ }).findIndex((b) => b.getAttribute('aria-current') === 'true');

describe('Carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives each image its own URL as alt text', () => {
    render(<Carousel label="Ads" images={images} />);
    for (const src of images) expect(screen.getByAltText(src)).toHaveAttribute('src', src);
  });

  it('advances every 5000 ms and wraps from the last slide to the first', () => {
    render(<Carousel label="Ads" images={images} />);
    expect(currentDot()).toBe(0);
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1));
    expect(currentDot()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(currentDot()).toBe(1);
    act(() => vi.advanceTimersByTime(2 * CAROUSEL_INTERVAL_MS));
    expect(currentDot()).toBe(0);
  });

  it('pauses while hovered and goes on after', () => {
    render(<Carousel label="Ads" images={images} />);
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
        <Carousel label="Ads" images={images} />
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
      render(<Carousel label="Ads" images={images} />);
      act(() => vi.advanceTimersByTime(5 * CAROUSEL_INTERVAL_MS));
      expect(currentDot()).toBe(0);
      fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
      expect(currentDot()).toBe(1);
    } finally {
      window.matchMedia = original;
    }
  });

  it('previous wraps from the first slide to the last; dots jump to a slide', () => {
    render(<Carousel label="Ads" images={images} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(currentDot()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentDot()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    expect(currentDot()).toBe(1);
  });
});
