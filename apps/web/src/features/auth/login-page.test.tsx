import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { LoginPage } from './login-page.tsx';

const page = () => (
  <Provider store={makeStore()}>
    <RouterProvider router={createMemoryRouter([{ path: '/login', element: <LoginPage /> }], { initialEntries: ['/login'] })} />
  </Provider>
);

describe('the login page drawn by the server (issue 35)', () => {
  it('shows its form before the app runs, its buttons waiting for the app and saying why; what was typed stays once it runs', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(page());
    const form = container.querySelector('form')!;
    // Were it sent without the app, it would post: a password never goes into an address.
    expect(form).toHaveAttribute('method', 'post');
    const buttons = [...container.querySelectorAll('button')].filter((b) => !b.closest('dialog'));
    expect(buttons.map((b) => [b.textContent, b.disabled])).toEqual([
      ['Login', true],
      ['Use Demo Account', true],
      ['CONTINUE WITH GOOGLE', true],
    ]);
    expect(container).toHaveTextContent('Login works once the page has finished loading (it needs JavaScript).');
    // Typed on a slow connection, before the app has arrived.
    const email = container.querySelector<HTMLInputElement>('input[name="email"]')!;
    email.value = 'buyer@example.com';

    const root = await act(async () => hydrateRoot(container, page()));
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Use Demo Account' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'CONTINUE WITH GOOGLE' })).toBeEnabled();
    // The note stays in its place, unseen and unread: nothing below it moves as the app takes over (a click on
    // 'Create an account' at that moment landed beside it).
    const note = screen.getByText('Login works once the page has finished loading (it needs JavaScript).');
    expect(note).toHaveClass('invisible');
    expect(note).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('buyer@example.com');
    act(() => root.unmount());
    container.remove();
  });
});
