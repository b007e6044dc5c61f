import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Gallery } from './gallery.tsx';

const pictures = [
  { url: '/uploads/a.webp', srcset: '/uploads/a.w400.webp 400w, /uploads/a.webp 1200w' },
  { url: '/uploads/b.webp', srcset: '' },
  { url: '/uploads/c.webp', srcset: '' },
];

describe('Gallery', () => {
  it('shows every picture with its srcset, the first one first; one picture has no arrows or thumbnails', () => {
    const { unmount } = render(<Gallery pictures={pictures} name="iPhone 13" />);
    const first = screen.getByRole('img', { name: 'iPhone 13, photo 1 of 3' });
    expect(first).toHaveAttribute('srcset', pictures[0]!.srcset);
    expect(first).toHaveAttribute('sizes');
    expect(screen.getByRole('img', { name: 'iPhone 13, photo 2 of 3' })).not.toHaveAttribute('srcset');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    unmount();
    render(<Gallery pictures={pictures.slice(0, 1)} name="iPhone 13" />);
    expect(screen.getByRole('img', { name: 'iPhone 13' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Choose a photo' })).toBeNull();
  });

  it('steps with the arrows, the arrow keys (wrapping round) and the thumbnails', async () => {
    render(<Gallery pictures={pictures} name="iPhone 13" />);
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show photo 2' })).toHaveAttribute('aria-current', 'true');
    fireEvent.keyDown(screen.getByLabelText(/^Photos: arrow keys/), { key: 'ArrowRight' });
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    fireEvent.keyDown(screen.getByLabelText(/^Photos: arrow keys/), { key: 'ArrowRight' });
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    fireEvent.keyDown(screen.getByLabelText(/^Photos: arrow keys/), { key: 'ArrowLeft' });
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 2' }));
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
  });

  it('opens the current picture full size, steps there too, and closes', async () => {
    render(<Gallery pictures={pictures} name="iPhone 13" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    const dialog = screen.getByRole('dialog', { name: 'Photos of iPhone 13, full screen' });
    const big = () => dialog.querySelector('img')!;
    expect(big()).toHaveAttribute('src', '/uploads/b.webp');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close full screen' }), { key: 'ArrowRight' });
    expect(big()).toHaveAttribute('src', '/uploads/c.webp');
    await userEvent.click(screen.getByRole('button', { name: 'Close full screen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("a swipe made before the app took over the server's HTML is where the counter starts", async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Gallery pictures={pictures} name="iPhone 13" />);
    const strip = container.querySelector<HTMLElement>('[aria-label^="Photos: arrow keys"]')!;
    // jsdom lays nothing out: a 300 px wide strip, swiped to the third picture while the code was loading.
    Object.defineProperty(strip, 'clientWidth', { value: 300 });
    strip.scrollLeft = 600;
    const root = await act(async () => hydrateRoot(container, <Gallery pictures={pictures} name="iPhone 13" />));
    expect(container.textContent).toContain('3 / 3');
    expect(screen.getByRole('button', { name: 'Show photo 3' })).toHaveAttribute('aria-current', 'true');
    act(() => root.unmount());
    container.remove();
  });
});
