import { Link } from 'react-router';

/** The web app's pages that mails link to: only these become links (a name in a mail could hold any URL). */
const APP_PAGES = new Set(['/verify-email', '/reset-password', '/forgot-password', '/login']);
/** A URL, without the punctuation that ends its sentence. */
const URL_IN_TEXT = /(https?:\/\/\S+?)(?=[.,;:!?)\]]*(?:\s|$))/;

/** Where a link of a mail leads in this web app (its path and query), or null if it is no page of ours. */
export function appPageOf(href: string): string | null {
  try {
    const url = new URL(href);
    return APP_PAGES.has(url.pathname) ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/**
 * A mail's plain text with its links to our pages clickable. They open here, on the address the
 * Admin is using, whatever origin the mail was written with.
 */
export function MailText({ text }: { text: string }) {
  const parts = text.split(URL_IN_TEXT);
  return (
    <pre className="mt-2 whitespace-pre-wrap font-sans text-sm wrap-anywhere">
      {parts.map((part, i) => {
        const to = i % 2 === 1 ? appPageOf(part) : null;
        return to ? (
          <Link key={i} to={to} className="link link-primary">
            {part}
          </Link>
        ) : (
          part
        );
      })}
    </pre>
  );
}
