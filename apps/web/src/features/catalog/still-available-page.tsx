import type { ListingTerm } from '@market/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { errorMessage } from '../../lib/errors.ts';
import { localDate } from '../../lib/format.ts';
import { translate, useT } from '../../lib/i18n.ts';
import { useListingTermQuery, useRenewByLinkMutation } from '../../lib/listing-term-api.ts';
import { notify } from '../../lib/notify.ts';

/** A refusal that is the link's or the listing's (400, 409): said on the page; anything else may pass on a second try. */
const settled = (err: unknown) => [400, 409].includes((err as { status?: unknown }).status as number);

/**
 * Opened from the expiry reminder's "Still available" button (issue 36, `/still-available/<key>`), signed in or not:
 * the phone and when it leaves search, and one button that keeps it on sale 60 more days. Opening renews nothing
 * (mail scanners open every link): only the button does. A link used already says so; a link that is not ours, or a
 * listing that can no longer be renewed (sold, reserved), says why in words, with the way to My Products.
 */
export function StillAvailablePage() {
  const { token = '' } = useParams();
  const t = useT('catalog');
  usePageTitle(t('stillAvailable.title'));
  const term = useListingTermQuery(token);
  const [renew, renewing] = useRenewByLinkMutation();
  /** The answer of the tap, once it renewed; a refusal of the tap, said like the link's. */
  const [renewed, setRenewed] = useState<ListingTerm | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const tap = async () => {
    try {
      setRenewed(await renew(token).unwrap());
    } catch (err) {
      const message = errorMessage(err, translate('toast.somethingWentWrong'));
      if (settled(err)) setRefused(message);
      else notify.error(message);
    }
  };

  const shown = renewed ?? term.data;
  const failure = refused ?? (term.isError && settled(term.error) ? errorMessage(term.error, translate('toast.somethingWentWrong')) : null);
  const until = shown ? localDate(shown.expiresAt) : '';
  const myProducts = (
    <Link to="/dashboard/myProduct" className="btn btn-outline w-full">
      {t('stillAvailable.myProducts')}
    </Link>
  );

  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <div className="card bg-base-100 shadow-xl ring-1 ring-base-200">
        <div className="card-body gap-4">
          <h1 className="text-center text-3xl font-bold">{t('stillAvailable.title')}</h1>
          {shown && (
            <div className="flex items-center gap-3">
              <img src={shown.img} alt="" width="64" height="64" className="h-16 w-16 shrink-0 rounded-lg object-cover" />
              <p className="min-w-0 text-lg font-semibold wrap-anywhere">{shown.productName}</p>
            </div>
          )}
          {/* Present from the start, so screen readers announce the outcome when it arrives; no gap while empty. */}
          <div role="status" className="empty:-mt-4">
            {!failure && renewed && <Notice tone="success">{t('stillAvailable.renewed', { date: until })}</Notice>}
            {!failure && !renewed && shown?.link === 'renewed' && shown.status === 'available' && (
              <Notice tone="success">{t('stillAvailable.alreadyRenewed', { date: until })}</Notice>
            )}
          </div>
          {term.isLoading && <Spinner label={t('stillAvailable.loading')} />}
          {failure ? (
            <>
              <Notice tone="error" role="alert">
                {failure}
              </Notice>
              {myProducts}
            </>
          ) : term.isError ? (
            <>
              <Notice tone="error" role="alert">
                {t('stillAvailable.failed')}
              </Notice>
              <button type="button" className="btn btn-primary w-full" onClick={() => void term.refetch()}>
                {t('stillAvailable.retry')}
              </button>
            </>
          ) : renewed || shown?.link === 'renewed' ? (
            shown?.status === 'available' ? (
              <Link to={`/detail-product/${shown.productId}`} className="btn btn-primary w-full">
                {t('stillAvailable.see')}
              </Link>
            ) : (
              // Renewed once, and expired again since: this link's term is over.
              <>
                <p>{t('stillAvailable.oldLink')}</p>
                {myProducts}
              </>
            )
          ) : shown ? (
            <>
              <p>{shown.status === 'expired' ? t('stillAvailable.dueExpired', { date: until }) : t('stillAvailable.due', { date: until })}</p>
              <button type="button" className="btn btn-primary w-full" onClick={() => void tap()} disabled={renewing.isLoading}>
                {renewing.isLoading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                {t('stillAvailable.button')}
              </button>
            </>
          ) : null}
        </div>
      </div>
    </main>
  );
}
