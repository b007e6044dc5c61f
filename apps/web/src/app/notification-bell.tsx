import { Link } from 'react-router';
import { Icon } from '../components/icon.tsx';
import { number } from '../lib/format.ts';
import { useT } from '../lib/i18n.ts';
import { useUnreadNotificationsQuery } from '../features/notifications/api.ts';

/** How often the bell asks again while a page stays open (live delivery comes with the event stream, issue 33). */
const POLL_MS = 60_000;

/** The header's bell: the signed-in person's unread notifications, a link to the list. */
export function NotificationBell() {
  const t = useT();
  const { data } = useUnreadNotificationsQuery(undefined, { pollingInterval: POLL_MS, refetchOnFocus: true });
  const unread = data?.unread ?? 0;
  return (
    <Link to="/dashboard/notifications" className="btn btn-circle btn-ghost indicator mr-2" aria-label={t('nav.notifications', { count: unread })}>
      <Icon name="bell" />
      {unread > 0 && (
        <span className="badge indicator-item badge-sm badge-primary" aria-hidden="true">
          {number(Math.min(unread, 99))}
          {unread > 99 ? '+' : ''}
        </span>
      )}
    </Link>
  );
}
