import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test-utils.tsx';
import { appPageOf, MailText } from './mail-text.tsx';

const text = [
  'Hello <b>Mitu</b> https://evil.example/steal,',
  '',
  'Confirm my e-mail address: http://127.0.0.1:3000/verify-email?token=m9mXivoowG25n_h68AumRjWk59xs2nt5o8EyvbMWtzs',
  '',
  'To sign in, go to http://127.0.0.1:3000/login.',
].join('\n');

describe("an outbox mail's text", () => {
  it("links only to this web app's own pages, on the address in use", () => {
    expect(appPageOf('http://127.0.0.1:3000/reset-password?token=abc')).toBe('/reset-password?token=abc');
    expect(appPageOf('https://evil.example/steal')).toBeNull();
    expect(appPageOf('javascript:alert(1)')).toBeNull();
    expect(appPageOf('not a url')).toBeNull();
  });

  it('shows the text as text, with the links to our pages clickable (without the full stop after them)', () => {
    renderAt('/dashboard/outbox', <MailText text={text} />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/verify-email?token=m9mXivoowG25n_h68AumRjWk59xs2nt5o8EyvbMWtzs', '/login']);
    expect(links[1]).toHaveTextContent(/^http:\/\/127\.0\.0\.1:3000\/login$/);
    expect(screen.getByText(/Hello <b>Mitu<\/b> https:\/\/evil\.example\/steal,/)).toBeInTheDocument();
  });
});
