import type { Conversation, Order } from '@market/contract';
import { Link } from 'react-router';
import { useConversationsOfProductQuery } from '../../lib/chat-api.ts';
import { number } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';

/**
 * The conversation of a deal's phone and buyer, among the signed-in person's conversations about that phone: a
 * buyer's only one; for a seller, the one whose deal this is, else the one with the only buyer of that name.
 */
function threadOf(threads: Conversation[], order: Order, side: 'buyer' | 'seller'): Conversation | undefined {
  if (side === 'buyer') return threads[0];
  const named = threads.filter((c) => c.other.name === order.buyerName);
  return threads.find((c) => c.orderId === order._id) ?? (named.length === 1 ? named[0] : undefined);
}

/**
 * A deal's 'Messages' (issue 33): its conversation when there is one (with its unread count); a buyer without one
 * starts it, a seller only answers. Nothing once the phone is gone (no phone to write about).
 */
export function DealMessages({ order, side }: { order: Order; side: 'buyer' | 'seller' }) {
  const t = useT('dashboard');
  const productId = order.productId;
  const { data } = useConversationsOfProductQuery(productId ?? '', { skip: !productId });
  if (!productId || !data) return null;
  const thread = threadOf(data.data, order, side);
  if (!thread && side === 'seller') return null;
  const label =
    side === 'buyer'
      ? t('dealMessages.labelBuyer', { product: order.productName })
      : t('dealMessages.labelSeller', { product: order.productName, buyer: order.buyerName });
  return (
    <Link
      to={thread ? `/dashboard/messages/${thread._id}` : `/dashboard/messages/new?product=${productId}`}
      className="btn btn-outline btn-primary btn-xs whitespace-nowrap"
      aria-label={thread && thread.unread > 0 ? t('dealMessages.labelUnread', { label, count: thread.unread }) : label}
    >
      {t('dealMessages.link')}
      {thread && thread.unread > 0 && (
        <span className="badge badge-primary badge-xs" aria-hidden="true">
          {number(thread.unread)}
        </span>
      )}
    </Link>
  );
}
