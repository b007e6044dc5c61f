import type { Conversation, Message, MessageBody } from '@market/contract';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { attempt } from '../../lib/attempt.ts';
import { errorMessage } from '../../lib/errors.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { useAppDispatch } from '../../lib/shared-state.ts';
import { useAuth } from '../../lib/use-auth.ts';
import {
  useBlockUserMutation,
  useConversationMessagesInfiniteQuery,
  useConversationQuery,
  useReadConversationMutation,
  useSendMessageMutation,
  useUnblockUserMutation,
  upsertMessage,
} from './api.ts';
import { Composer } from './composer.tsx';
import { MessageItem } from './message-item.tsx';
import { ReportMessageDialog } from './report-message-dialog.tsx';
import { PhoneThumb, PriceAndState } from './phone-summary.tsx';
import { phonePage } from './words.ts';

/** Whether the page is on screen: a thread in a hidden tab does not mark its messages read. */
function usePageVisible() {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

/** The thread's head: the phone (to its page), its state and price, the other person, the deal between them, blocking. */
function Head({ conversation: c, onBlock }: { conversation: Conversation; onBlock(): void }) {
  const t = useT('dashboard');
  const phone = (
    <>
      <PhoneThumb product={c.product} />
      <span className="min-w-0">
        <span className="block font-semibold wrap-anywhere">{c.product.name}</span>
        <span className="flex flex-wrap items-center gap-2 text-sm">
          <PriceAndState product={c.product} />
        </span>
      </span>
    </>
  );
  return (
    <header className="flex flex-col gap-3 border-b border-base-200 pb-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to="/dashboard/messages" className="link link-hover text-sm">
          {t('thread.back')}
        </Link>
        <button type="button" className={`btn btn-outline btn-sm ${c.blockedByMe ? '' : 'btn-error'}`} onClick={onBlock}>
          {t(c.blockedByMe ? 'thread.unblock' : 'thread.block')}
        </button>
      </div>
      <h1 className="text-2xl font-bold wrap-anywhere">{t('thread.with', { name: c.other.name })}</h1>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {c.product._id ? (
          <Link to={phonePage(c.product._id)} className="flex min-w-0 items-center gap-3 rounded-box hover:bg-base-200">
            {phone}
          </Link>
        ) : (
          <div className="flex min-w-0 items-center gap-3">{phone}</div>
        )}
        {c.orderId && (
          <Link to={c.side === 'buyer' ? '/dashboard/myOrders' : '/dashboard/bookings'} className="btn btn-outline btn-primary btn-sm">
            {t(c.side === 'buyer' ? 'thread.dealBuyer' : 'thread.dealSeller')}
          </Link>
        )}
      </div>
    </header>
  );
}

/** The messages of the thread, the oldest first (the API answers pages of the newest first). */
function inOrder(pages: { data: Message[] }[] | undefined): Message[] {
  const byId = new Map<string, Message>();
  for (const page of pages ?? []) for (const m of page.data) byId.set(m._id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * One conversation (issue 33): its head, the messages oldest at the top (earlier ones on request), the reader's
 * own on the right with 'Seen' or 'Sent' under the last, a Report on each of the other person's, the scam card
 * under a message with warning signs, and the composer at the bottom — or, while blocked, why nothing can be sent.
 * Shown, it marks itself read up to its newest message, and again as new ones come while it is on screen.
 */
export default function ThreadPage() {
  const { id = '' } = useParams();
  const t = useT('dashboard');
  const { user } = useAuth();
  const dispatch = useAppDispatch();
  const me = user?._id;
  const head = useConversationQuery(id, { skip: !id });
  const list = useConversationMessagesInfiniteQuery(id, { skip: !id });
  const [sendMessage] = useSendMessageMutation();
  const [markRead] = useReadConversationMutation();
  const [block] = useBlockUserMutation();
  const [unblock] = useUnblockUserMutation();
  const [asking, setAsking] = useState(false);
  const [reporting, setReporting] = useState<string | null>(null);
  const visible = usePageVisible();
  const messages = useMemo(() => inOrder(list.data?.pages), [list.data]);
  const c = head.data;
  const newest = messages.at(-1);

  // Read up to the newest message, once per new newest one, while the page is on screen.
  const marked = useRef({ id: '', seq: 0 });
  useEffect(() => {
    if (!c || c._id !== id || !newest || newest.conversationId !== id || !visible) return;
    if (marked.current.id === id && newest.seq <= marked.current.seq) return;
    if (newest.senderId === me && c.unread === 0) return;
    marked.current = { id, seq: newest.seq };
    void markRead({ id, seq: newest.seq });
  }, [c, newest, visible, me, id, markRead]);

  // The newest message in view, above the composer (the mark `end` comes after it): at the start, and when one comes
  // (the reader's own, or theirs while the reader follows the thread at its bottom). Whether they follow is measured
  // as they scroll, before a message comes: a tall one (a scam warning, photos) must not make them seem far up.
  const end = useRef<HTMLDivElement>(null);
  const shown = useRef<string | null>(null);
  const following = useRef(true);
  useEffect(() => {
    const measure = () => {
      if (end.current) following.current = end.current.getBoundingClientRect().top - window.innerHeight < 300;
    };
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, []);
  useLayoutEffect(() => {
    if (!newest || newest._id === shown.current) return;
    const first = shown.current === null;
    shown.current = newest._id;
    if (first || newest.senderId === me || following.current) end.current?.scrollIntoView?.({ block: 'end' });
  }, [newest, me]);

  if (head.isLoading || list.isLoading) return <Spinner label={t('thread.loading')} />;
  if (!c || !me) return <NotFound landmark={false} />;

  const otherName = c.other.name;
  const mine = messages.filter((m) => m.senderId === me);
  const lastSeen = mine.findLast((m) => m.seq <= c.otherReadSeq);
  const lastOwn = mine.at(-1);
  const receipt = (m: Message) => (m === lastSeen ? 'seen' : m === lastOwn && m.seq > c.otherReadSeq ? 'sent' : null);
  const bookTo = c.side === 'buyer' && c.product._id && c.product.status === 'available' ? `${phonePage(c.product._id)}#book` : null;

  const send = async (body: MessageBody) => {
    try {
      dispatch(upsertMessage(await sendMessage({ id, body }).unwrap()));
      return true;
    } catch (err) {
      notify.error(errorMessage(err, translate('composer.notSent')));
      return false;
    }
  };

  const onConfirmBlock = async () => {
    setAsking(false);
    if (c.blockedByMe) await attempt(() => unblock(c.other._id).unwrap(), translate('thread.unblocked', { name: otherName }));
    else await attempt(() => block(c.other._id).unwrap(), translate('thread.blocked', { name: otherName }));
  };

  return (
    <section className="mx-auto flex min-h-[calc(100dvh-6rem)] w-full max-w-3xl flex-col">
      <Head conversation={c} onBlock={() => setAsking(true)} />
      <div className="flex-1 py-3">
        {list.hasNextPage && (
          <div className="mb-3 flex justify-center">
            <button type="button" className="btn btn-outline btn-sm" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {list.isFetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {t('thread.earlier')}
            </button>
          </div>
        )}
        {messages.length === 0 ? (
          <p className="py-8 text-center text-base-content/75">{t('thread.empty')}</p>
        ) : (
          <ol className="flex flex-col gap-1" aria-label={t('thread.messages', { name: otherName })}>
            {messages.map((m) => {
              const own = m.senderId === me;
              return (
                <MessageItem
                  key={m._id}
                  message={m}
                  mine={own}
                  sender={own ? t('thread.you') : otherName}
                  receipt={own ? receipt(m) : null}
                  onReport={own ? undefined : () => setReporting(m._id)}
                  bookTo={bookTo}
                />
              );
            })}
          </ol>
        )}
      </div>
      <div className="sticky bottom-0 z-10 -mx-4 border-t border-base-200 bg-base-100 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        {c.blockedByMe ? (
          <div className="flex flex-wrap items-center justify-between gap-2" role="status">
            <p>{t('thread.youBlocked', { name: otherName })}</p>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setAsking(true)}>
              {t('thread.unblock')}
            </button>
          </div>
        ) : c.blocked ? (
          <p role="status">{t('thread.cannotSend')}</p>
        ) : !user.emailVerified ? (
          <p role="status">{t('thread.confirmFirst')}</p>
        ) : (
          <Composer send={send} label={t('composer.labelTo', { name: otherName })} />
        )}
      </div>
      <div ref={end} />
      <ConfirmDialog
        open={asking}
        title={t(c.blockedByMe ? 'thread.unblockTitle' : 'thread.blockTitle', { name: otherName })}
        text={t(c.blockedByMe ? 'thread.unblockText' : 'thread.blockText', { name: otherName })}
        confirmLabel={t(c.blockedByMe ? 'thread.unblockConfirm' : 'thread.blockConfirm')}
        onCancel={() => setAsking(false)}
        onConfirm={() => void onConfirmBlock()}
      />
      {reporting && <ReportMessageDialog messageId={reporting} name={otherName} onClose={() => setReporting(null)} />}
    </section>
  );
}
