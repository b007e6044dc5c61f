import type { Product } from '@market/contract';
import { Link, useLocation } from 'react-router';
import { useConversationsOfProductQuery } from '../../lib/chat-api.ts';
import { useT } from '../../lib/i18n.ts';
import { useAuth } from '../../lib/use-auth.ts';

/**
 * 'Message the seller' beside Book Now (issue 33): a buyer who wrote about this phone before opens that conversation,
 * else starts one; signed out, the login page first (and back here); an unconfirmed address is told to confirm it
 * first. Nothing for a seller or an Admin, nor a new conversation about a sold phone.
 */
export function MessageSeller({ product }: { product: Product }) {
  const t = useT('catalog');
  const location = useLocation();
  const { user, role } = useAuth();
  const buyer = role === 'Buyer' && user !== null && user._id !== product.sellerId._id;
  const { data } = useConversationsOfProductQuery(product._id, { skip: !buyer });
  const sold = product.status === 'sold';
  if (!user) {
    if (sold) return null;
    return (
      <Link to="/login" state={{ from: location }} className="btn btn-outline btn-primary">
        {t('detail.message')}
      </Link>
    );
  }
  if (!buyer || !data) return null;
  const thread = data.data[0];
  if (thread)
    return (
      <Link to={`/dashboard/messages/${thread._id}`} className="btn btn-outline btn-primary">
        {t('detail.openConversation')}
      </Link>
    );
  if (sold) return null;
  if (!user.emailVerified) return <p className="badge badge-warning badge-lg h-auto py-2">{t('detail.messageConfirmFirst')}</p>;
  return (
    <Link to={`/dashboard/messages/new?product=${product._id}`} className="btn btn-outline btn-primary">
      {t('detail.message')}
    </Link>
  );
}
