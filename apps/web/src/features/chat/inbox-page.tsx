import type { Conversation } from '@market/contract';
import { Link } from 'react-router';
import { LoadMore } from '../../components/load-more.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { number } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { paged } from '../../lib/pages.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { useConversationsInfiniteQuery } from './api.ts';
import { PhoneThumb, PriceAndState } from './phone-summary.tsx';
import { sentAt } from './words.ts';

/** What the row says of the last message: its words (the reader's own marked 'You:'), or 'Photo' for photos alone. */
function lastWords(last: NonNullable<Conversation['lastMessage']>, t: ReturnType<typeof useT<'dashboard'>>) {
  const words = last.body || t('inbox.photo', { count: last.photos });
  return last.mine ? t('inbox.you', { text: words }) : words;
}

/**
 * One conversation of the inbox (issue 33), a link to its thread: the phone (photo, name, price, whether it is still
 * available), the other person, the last message and when, and how many of theirs are unread.
 */
export function InboxRow({ conversation: c }: { conversation: Conversation }) {
  const t = useT('dashboard');
  const last = c.lastMessage;
  return (
    <li>
      <Link
        to={`/dashboard/messages/${c._id}`}
        className={`flex items-start gap-3 rounded-box border p-3 hover:bg-base-200 ${c.unread > 0 ? 'border-primary bg-primary/5' : 'border-base-200'}`}
      >
        <PhoneThumb product={c.product} lazy />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-semibold wrap-anywhere">{c.product.name}</span>
            {last && (
              <time dateTime={last.createdAt} className="shrink-0 text-xs text-base-content/75">
                {sentAt(last.createdAt)}
              </time>
            )}
          </span>
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <PriceAndState product={c.product} />
            <span className="text-base-content/75">{t('inbox.with', { name: c.other.name })}</span>
          </span>
          <span className="flex items-center justify-between gap-3 text-sm">
            <span className={`truncate ${c.unread > 0 ? 'font-semibold' : 'text-base-content/75'}`}>{last ? lastWords(last, t) : t('inbox.noMessages')}</span>
            {c.unread > 0 && (
              <span className="badge badge-primary badge-sm shrink-0">
                <span aria-hidden="true">{number(c.unread)}</span>
                <span className="sr-only">{t('inbox.unread', { count: c.unread })}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The signed-in buyer's or seller's conversations, the latest first, a page at a time (issue 33). */
export default function InboxPage() {
  const t = useT('dashboard');
  const { role } = useAuth();
  const list = useConversationsInfiniteQuery();
  const { rows, more } = paged(list);
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-4 text-2xl font-bold">{t('dashMenu.messages')}</h1>
      {list.isLoading ? (
        <Spinner label={t('inbox.loading')} />
      ) : rows?.length === 0 ? (
        <p className="py-8 text-base-content/75">{t(role === 'Seller' ? 'inbox.emptySeller' : 'inbox.emptyBuyer')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('inbox.label')}>
          {rows?.map((c) => (
            <InboxRow key={c._id} conversation={c} />
          ))}
        </ul>
      )}
      <LoadMore more={more} />
    </section>
  );
}
