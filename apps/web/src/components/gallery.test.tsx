import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Gallery } from './gallery.tsx';

const pictures = [
  { url: '/uploads/a.webp', srcset: '/uploads/a.w400.webp 400w, /uploads/a.webp 1200w' },
  { url: '/uploads/b.webp', srcset: '' },
  { url: '/uploads/c.webp', srcset: '' },
];
const ui = <Gallery pictures={pictures} name="iPhone 13" />;
/** The strip of pictures (jsdom lays nothing out: given a width, it says where a swipe stopped). */
const stripIn = (root: ParentNode) => root.querySelector<HTMLElement>('[aria-label^="Photos: arrow keys"]')!;
const swipeTo = (strip: HTMLElement, i: number) => {
  Object.defineProperty(strip, 'clientWidth', { value: 300, configurable: true });
  strip.scrollLeft = i * 300;
  fireEvent.scroll(strip);
};

/** The server's HTML of the gallery, in the document, before any script has run. */
function drawnByServer() {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(ui);
  return container;
}

describe('Gallery', () => {
  it('shows every picture with its srcset, the first one first; one picture has no arrows, counter or thumbnails', () => {
    const { unmount } = render(ui);
    const first = screen.getByRole('img', { name: 'iPhone 13, photo 1 of 3' });
    expect(first).toHaveAttribute('srcset', pictures[0]!.srcset);
    expect(first).toHaveAttribute('sizes');
    expect(screen.getByRole('img', { name: 'iPhone 13, photo 2 of 3' })).not.toHaveAttribute('srcset');
    unmount();
    render(<Gallery pictures={pictures.slice(0, 1)} name="iPhone 13" />);
    expect(screen.getByRole('img', { name: 'iPhone 13' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Choose a photo' })).toBeNull();
    expect(screen.queryByText('1 / 1')).toBeNull();
  });

  it('each picture carries its own counter, right wherever a swipe stops; the one shown is announced', () => {
    render(ui);
    const slides = screen.getAllByRole('figure');
    expect(slides.map((s) => s.textContent)).toEqual(['1 / 3Full screen', '2 / 3Full screen', '3 / 3Full screen']);
    const announced = screen.getByText('iPhone 13, photo 1 of 3', { selector: '[aria-live="polite"]' });
    swipeTo(stripIn(document), 1);
    expect(announced).toHaveTextContent('iPhone 13, photo 2 of 3');
  });

  it('steps with the arrows, the arrow keys (wrapping round) and the thumbnails', async () => {
    render(ui);
    const current = () => screen.getAllByRole('link', { name: /^Show photo/ }).findIndex((a) => a.getAttribute('aria-current') === 'true') + 1;
    expect(current()).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(current()).toBe(2);
    expect(screen.getByText('iPhone 13, photo 2 of 3', { selector: '[aria-live]' })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByLabelText(/^Photos: arrow keys/), { key: 'ArrowRight' });
    expect(current()).toBe(3);
    fireEvent.keyDown(screen.getByLabelText(/^Photos: arrow keys/), { key: 'ArrowRight' });
    expect(current()).toBe(1);
    fireEvent.keyDown(screen.getByLabelText(/^Photos: arrow keys/), { key: 'ArrowLeft' });
    expect(current()).toBe(3);
    await userEvent.click(screen.getByRole('link', { name: 'Show photo 2' }));
    expect(current()).toBe(2);
    // Once the app runs a thumbnail is the app's: the address keeps no #photo-2.
    expect(window.location.hash).toBe('');
  });

  it('opens the current picture full size, steps there too, and closes', async () => {
    render(ui);
    await userEvent.click(screen.getByRole('link', { name: 'Show photo 2' }));
    await userEvent.click(screen.getByRole('link', { name: 'Full screen' }));
    const dialog = screen.getByRole('dialog', { name: 'Photos of iPhone 13, full screen' });
    const big = () => dialog.querySelector('img')!;
    expect(big()).toHaveAttribute('src', '/uploads/b.webp');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close full screen' }), { key: 'ArrowRight' });
    expect(big()).toHaveAttribute('src', '/uploads/c.webp');
    await userEvent.click(screen.getByRole('button', { name: 'Close full screen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("before the app runs nothing shown does nothing: no arrows, thumbnails that link to the pictures' anchors, each picture's own Full screen link", () => {
    const container = drawnByServer();
    // The arrows need the app: not there.
    expect(within(container).queryByRole('button')).toBeNull();
    // The thumbnails are links the browser follows to each picture in the strip, none marked as the one shown.
    const thumbnails = within(container).getAllByRole('link', { name: /^Show photo/ });
    expect(thumbnails.map((a) => a.getAttribute('href'))).toEqual(['#photo-1', '#photo-2', '#photo-3']);
    for (const [i, a] of thumbnails.entries()) {
      expect(container.querySelector(a.getAttribute('href')!)).toBe(within(container).getAllByRole('figure')[i]);
      expect(a).not.toHaveAttribute('aria-current');
    }
    // Each picture's Full screen shows that picture, wherever a swipe stopped; the first one is the one in the Tab order.
    const full = [...container.querySelectorAll('figure a')];
    expect(full.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('tabindex')])).toEqual([
      ['Full screen', '/uploads/a.webp', null],
      ['Full screen', '/uploads/b.webp', '-1'],
      ['Full screen', '/uploads/c.webp', '-1'],
    ]);
    container.remove();
  });

  it('once the app runs, the one Full screen link is the shown picture’s, and a click opens it in the page', async () => {
    render(ui);
    swipeTo(stripIn(document), 2);
    const link = screen.getByRole('link', { name: 'Full screen' });
    expect(link).toHaveAttribute('href', '/uploads/c.webp');
    await userEvent.click(link);
    expect(screen.getByRole('dialog', { name: 'Photos of iPhone 13, full screen' }).querySelector('img')).toHaveAttribute('src', '/uploads/c.webp');
  });

  it("the app takes over the server's HTML as drawn (no mismatch), then shows its arrows and marks the thumbnail shown", async () => {
    const container = drawnByServer();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable = vi.fn();
    const root = await act(async () => hydrateRoot(container, ui, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(screen.getByRole('button', { name: 'Next photo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show photo 1' })).toHaveAttribute('aria-current', 'true');
    act(() => root.unmount());
    container.remove();
  });

  it("a swipe made before the app took over the server's HTML is where it starts", async () => {
    const container = drawnByServer();
    // A 300 px wide strip, swiped to the third picture while the code was loading.
    const strip = stripIn(container);
    Object.defineProperty(strip, 'clientWidth', { value: 300 });
    strip.scrollLeft = 600;
    const root = await act(async () => hydrateRoot(container, ui));
    expect(screen.getByRole('link', { name: 'Show photo 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'Full screen' })).toHaveAttribute('href', '/uploads/c.webp');
    act(() => root.unmount());
    container.remove();
  });
});
