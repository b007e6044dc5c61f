import type { HeldListing, RiskSignalDetail } from '@market/contract';
import { Link } from 'react-router';
import { localDate, number, priceTk } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';

type PhotoMatch = Extract<RiskSignalDetail, { code: 'photo_reused' }>['matches'][number];

const photoClass = 'h-28 w-28 rounded-lg object-cover';

/** A reused photo: this listing's beside the other account's, with the other listing and its seller when still listed. */
function PhotoPair({ match }: { match: PhotoMatch }) {
  const t = useT('admin');
  return (
    <div className="flex flex-wrap gap-3">
      <figure className="w-28">
        <img src={match.url} alt={t('checks.thisPhoto')} width="112" height="112" className={photoClass} loading="lazy" />
        <figcaption className="mt-1 text-xs">{t('checks.thisListing')}</figcaption>
      </figure>
      <figure className="w-28">
        <img src={match.theirUrl} alt={t('checks.theirPhoto')} width="112" height="112" className={photoClass} loading="lazy" />
        <figcaption className="mt-1 text-xs wrap-anywhere">
          {match.theirProductName ? (
            <>
              <Link to={`/detail-product/${match.theirProductId}`} className="link block font-medium">
                {match.theirProductName}
              </Link>
              {match.theirSellerName && (
                <Link to={`/seller/${match.theirSellerId}`} className="link block">
                  {t('checks.by', { seller: match.theirSellerName })}
                </Link>
              )}
            </>
          ) : (
            t('checks.theirGone')
          )}
        </figcaption>
      </figure>
      <p className="basis-full text-xs text-base-content/75">{t('checks.bits', { bits: number(match.bits) })}</p>
    </div>
  );
}

/** One signal in words, with what the Admin needs to judge it (the contact details found, the price beside the guide's). */
function Signal({ signal }: { signal: RiskSignalDetail }) {
  const t = useT('admin');
  switch (signal.code) {
    case 'new_seller_limit':
      return <p>{t('checks.newSeller', { listings: number(signal.listings), limit: number(signal.limit) })}</p>;
    case 'photo_reused':
      return (
        <div className="space-y-2">
          <p>{t('checks.photoReused')}</p>
          {signal.matches.map((m) => (
            <PhotoPair key={`${m.url} ${m.theirUrl}`} match={m} />
          ))}
        </div>
      );
    case 'price_below_guide':
      return (
        <p>
          {t('checks.price', { price: priceTk(signal.price), median: priceTk(signal.median), percent: number(signal.percent), below: number(signal.below) })}
        </p>
      );
    case 'imei_flagged':
      return <p>{t(signal.why === 'stolen' ? 'checks.imeiStolen' : 'checks.imeiRemoved')}</p>;
    case 'contact_in_description':
      return (
        <div>
          <p>{t('checks.contact')}</p>
          <ul className="list-inside list-disc">
            {signal.found.map((found, i) => (
              <li key={i} className="font-mono wrap-anywhere">
                {found}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'number_unconfirmed':
      return <p>{t('checks.numberUnconfirmed')}</p>;
  }
}

/** Why a listing waits for a check: each of its signals, in the rules' order. */
export function HeldSignals({ held }: { held: HeldListing }) {
  return (
    <ul className="space-y-3 text-sm">
      {held.signals.map((s) => (
        <li key={s.code}>
          <Signal signal={s} />
        </li>
      ))}
    </ul>
  );
}

/** The seller's history beside a held listing: how long a member, what they listed and sold, what was said of them. */
export function SellerHistory({ held }: { held: HeldListing }) {
  const t = useT('admin');
  const { sellerId: seller } = held.product;
  const history = held.seller;
  const count = (n: number) => ({ count: n, shown: number(n) });
  return (
    <div className="text-sm">
      <Link to={`/seller/${seller._id}`} className="link font-medium">
        {seller.name}
      </Link>
      <ul>
        <li>{t('checks.joined', { date: localDate(history.joined) })}</li>
        <li>{t('checks.listings', count(history.listings))}</li>
        <li>{t('checks.sales', count(history.completedSales))}</li>
        <li>{t('checks.reports', count(history.reports))}</li>
        <li>{t('checks.rejectedBefore', count(history.rejected))}</li>
      </ul>
    </div>
  );
}
