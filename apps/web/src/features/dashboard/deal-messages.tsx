import type { Order } from '@market/contract';
import { Link } from 'react-router';
import { number } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';

/**
 * A deal's 'Messages' (issue 33): the conversation of its phone and buyer when there is one (with the reader's unread
 * count: the order answer carries it); a buyer without one starts it, a seller only answers. Nothing once the phone
 * is gone (no phone to write about).
 */
export function DealMessages({ order, side }: { order: Order; side: 'buyer' | 'seller' }) {
  const t = useT('dashboard');
  const { productId, conversation } = order;
  if (!productId || (!conversation && side === 'seller')) return null;
  const unread = conversation ? conversation.unread[side] : 0;
  const label =
    side === 'buyer'
      ? t('dealMessages.labelBuyer', { product: order.productName })
      : t('dealMessages.labelSeller', { product: order.productName, buyer: order.buyerName });
  return (
    <Link
      to={conversation ? `/dashboard/messages/${conversation._id}` : `/dashboard/messages/new?product=${productId}`}
      className="btn btn-outline btn-primary btn-xs whitespace-nowrap"
      aria-label={unread > 0 ? t('dealMessages.labelUnread', { label, count: unread }) : label}
    >
      {t('dealMessages.link')}
      {unread > 0 && (
        <span className="badge badge-primary badge-xs" aria-hidden="true">
          {number(unread)}
        </span>
      )}
    </Link>
  );
}
