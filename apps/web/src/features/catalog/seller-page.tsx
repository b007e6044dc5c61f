import { useParams } from 'react-router';
import { NotFound } from '../../components/not-found.tsx';
import { digits } from '../../components/listing-words.ts';
import { Sentence } from '../../components/sentence.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { localDate } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { paged } from '../../lib/pages.ts';
import { useAuth } from '../../lib/use-auth.ts';
import { PagedReviews } from '../../components/review-list.tsx';
import { ResultList } from './search-filters.tsx';
import { useSellerProfileQuery, useSellerReviewsInfiniteQuery } from '../../lib/reviews-api.ts';
import { useSellerListingsInfiniteQuery } from './seller-api.ts';
import { NumberVerified } from '../../components/number-verified.tsx';
import { SellerRating } from '../../components/seller-rating.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';

/**
 * /seller/:id, a seller's public page (issue 16): who they are, their standing from reviews of real sales,
 * the phones they sell now and every review, newest first. The seller reading their own page may answer.
 */
export function SellerPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const t = useT('catalog');
  const profile = useSellerProfileQuery(id);
  const listingPages = useSellerListingsInfiniteQuery(id, { skip: !profile.data });
  const listings = paged(listingPages);
  const reviews = paged(useSellerReviewsInfiniteQuery(id, { skip: !profile.data }));
  usePageTitle(profile.data && t('pageTitle.seller', { name: profile.data.name }));

  if (profile.isLoading) return <Spinner label={t('seller.loading')} />;
  if (profile.isError || !profile.data) return <NotFound />;
  const seller = profile.data;
  const mine = user?._id === seller._id;

  return (
    <main className="mx-auto max-w-6xl space-y-10 px-4 py-8">
      <header className="flex flex-wrap items-center gap-4 rounded-xl bg-base-200 p-4 wrap-anywhere">
        <img src={seller.userImg || '/favicon.svg'} alt={seller.name} width="80" height="80" className="h-20 w-20 rounded-full object-cover" />
        <div className="min-w-0 flex-1 space-y-1">
          <h1 className="text-2xl font-bold">{seller.name}</h1>
          <div className="flex flex-wrap gap-2">
            {seller.sellerVerified && <span className="badge badge-info gap-1 text-white">{t('detail.verified')}</span>}
            {seller.numberVerified && <NumberVerified />}
          </div>
          <p className="text-sm text-base-content/75">
            <Sentence text={(date) => t('seller.memberSince', { date })}>
              <time dateTime={seller.memberSince}>{localDate(seller.memberSince)}</time>
            </Sentence>
          </p>
        </div>
        <SellerRating sellerVerified={seller.sellerVerified} rating={seller.rating} />
        <dl className="grid w-full grid-cols-3 gap-2 text-center sm:w-auto sm:gap-6">
          <div>
            <dt className="text-sm text-base-content/75">{t('seller.reviews')}</dt>
            <dd className="text-lg font-bold">{digits(seller.rating.count)}</dd>
          </div>
          <div>
            <dt className="text-sm text-base-content/75">{t('seller.sold')}</dt>
            <dd className="text-lg font-bold">{digits(seller.soldCount)}</dd>
          </div>
          <div>
            <dt className="text-sm text-base-content/75">{t('seller.onSale')}</dt>
            <dd className="text-lg font-bold">{digits(seller.liveCount)}</dd>
          </div>
        </dl>
      </header>

      <section aria-labelledby="on-sale">
        <h2 id="on-sale" className="mb-4 text-xl font-bold">
          {t('seller.onSaleNow', { count: digits(seller.liveCount) })}
        </h2>
        <ResultList
          loading={listingPages.isLoading}
          rows={listings.rows}
          more={listings.more}
          empty={<p className="text-base-content/75">{t('seller.noPhones', { name: seller.name })}</p>}
        />
      </section>

      <section aria-labelledby="reviews">
        <h2 id="reviews" className="mb-1 text-xl font-bold">
          {t('seller.reviewsCount', { count: digits(seller.rating.count) })}
        </h2>
        <p className="mb-4 text-sm text-base-content/75">{t('seller.whoReviews')}</p>
        <PagedReviews rows={reviews.rows} more={reviews.more} mine={mine} empty={<p className="text-base-content/75">{t('seller.noReviews')}</p>} />
      </section>
    </main>
  );
}
