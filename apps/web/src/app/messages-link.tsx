import { Link } from 'react-router';
import { useUnreadMessagesQuery } from '../features/chat/api.ts';
import { number } from '../lib/format.ts';
import { useT } from '../lib/i18n.ts';

/** A fallback poll while a page stays open: the live stream asks again as messages come (issue 33). */
const POLL_MS = 120_000;

/** The header's envelope beside the bell (issue 33): the signed-in person's unread messages, a link to the inbox. */
export default function MessagesLink() {
  const t = useT();
  const { data } = useUnreadMessagesQuery(undefined, { pollingInterval: POLL_MS, refetchOnFocus: true });
  const unread = data?.unread ?? 0;
  return (
    <Link to="/dashboard/messages" className="btn btn-circle btn-ghost indicator" aria-label={t('nav.messages', { count: unread })}>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="h-6 w-6"
        aria-hidden="true"
      >
        <path d="M3 6h18v12H3zM3 7l9 6 9-6" />
      </svg>
      {unread > 0 && (
        <span className="badge indicator-item badge-sm badge-primary" aria-hidden="true">
          {number(Math.min(unread, 99))}
          {unread > 99 ? '+' : ''}
        </span>
      )}
    </Link>
  );
}
