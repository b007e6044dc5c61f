import type { MessageBody } from '@market/contract';
import { isUuid } from '@market/contract/rules';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { NotFound } from '../../components/not-found.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useConversationsOfProductQuery } from '../../lib/chat-api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { priceTk } from '../../lib/format.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { usePhoneToAskQuery, useStartConversationMutation } from './api.ts';
import { Composer } from './composer.tsx';
import { phonePage } from './words.ts';

/**
 * A buyer's first message about a phone (issue 33), at /dashboard/messages/new?product=<id>: the phone and a
 * composer; the first Send starts the conversation and the page becomes its thread. A buyer who has one about
 * this phone already is taken to it.
 */
export default function NewConversationPage() {
  const t = useT('dashboard');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const productId = params.get('product') ?? '';
  const valid = isUuid(productId);
  const phone = usePhoneToAskQuery(productId, { skip: !valid });
  const threads = useConversationsOfProductQuery(productId, { skip: !valid });
  const [start] = useStartConversationMutation();

  if (!valid) return <p className="py-8">{t('newChat.noPhone')}</p>;
  if (phone.isLoading || threads.isLoading) return <Spinner label={t('newChat.loading')} />;
  const existing = threads.data?.data[0];
  if (existing) return <Navigate to={`/dashboard/messages/${existing._id}`} replace />;
  const p = phone.data;
  if (!p) return <NotFound landmark={false} />;

  const send = async (body: MessageBody) => {
    try {
      const conversation = await start({ productId, ...body }).unwrap();
      navigate(`/dashboard/messages/${conversation._id}`, { replace: true });
      return true;
    } catch (err) {
      notify.error(errorMessage(err, translate('composer.notSent')));
      return false;
    }
  };

  const sold = p.status === 'sold';
  return (
    <section className="mx-auto flex min-h-[calc(100dvh-6rem)] w-full max-w-3xl flex-col">
      <header className="flex flex-col gap-3 border-b border-base-200 pb-3">
        <Link to="/dashboard/messages" className="link link-hover text-sm">
          {t('thread.back')}
        </Link>
        <h1 className="text-2xl font-bold">{t('newChat.title', { name: p.sellerId.name })}</h1>
        <Link to={phonePage(p._id)} className="flex min-w-0 items-center gap-3 rounded-box hover:bg-base-200">
          <img
            src={p.images[0]?.url ?? p.img}
            srcSet={p.images[0]?.srcset || undefined}
            sizes="56px"
            alt=""
            width="56"
            height="56"
            className="h-14 w-14 shrink-0 rounded-lg object-cover"
          />
          <span className="min-w-0">
            <span className="block font-semibold wrap-anywhere">{p.productName}</span>
            <span className="text-sm">{priceTk(p.resalePrice)}</span>
          </span>
        </Link>
      </header>
      <p className="flex-1 py-4 text-base-content/75">{t('newChat.intro', { name: p.sellerId.name })}</p>
      <div className="sticky bottom-0 z-10 -mx-4 border-t border-base-200 bg-base-100 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        {sold ? (
          <p role="status">{t('newChat.sold')}</p>
        ) : !user?.emailVerified ? (
          <p role="status">{t('thread.confirmFirst')}</p>
        ) : (
          <Composer send={send} label={t('composer.labelTo', { name: p.sellerId.name })} />
        )}
      </div>
    </section>
  );
}
