import type { Review } from '@market/contract';
import { maxLength } from '@market/contract/rules';
import { useState, type ReactNode } from 'react';
import { digits } from './listing-words.ts';
import { LoadMore } from './load-more.tsx';
import { Spinner } from './spinner.tsx';
import type { More } from '../lib/pages.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { Stars } from './stars.tsx';
import { attempt } from '../lib/attempt.ts';
import { localDate } from '../lib/format.ts';
import { translate, useT } from '../lib/i18n.ts';
import { useAnswerReviewMutation } from '../lib/reviews-api.ts';

/** Reviews, newest first: stars, who and when, the phone sold, the words and the seller's answer. `mine`: the seller reads them and may answer each once. */
export function ReviewList({ reviews, mine = false }: { reviews: Review[]; mine?: boolean }) {
  const [answering, setAnswering] = useState<Review | null>(null);
  const [answer] = useAnswerReviewMutation();
  const t = useT('catalog');
  return (
    <>
      <ul className="space-y-4">
        {reviews.map((r) => (
          <li key={r._id} className="rounded-xl bg-base-200 p-4 wrap-anywhere">
            <article aria-label={t('reviews.by', { name: r.reviewer })}>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Stars value={r.stars} />
                <span className="font-semibold">{r.reviewer}</span>
                <span className="text-sm text-base-content/75">
                  <time dateTime={r.date}>{localDate(r.date)}</time>
                  {r.edited && ` · ${t('reviews.edited')}`}
                </span>
              </p>
              <p className="text-sm text-base-content/75">{t('reviews.bought', { product: r.productName })}</p>
              {r.text && <p className="mt-2 whitespace-pre-line">{r.text}</p>}
              {r.answer ? (
                <div className="mt-3 border-l-4 border-primary/40 pl-3">
                  <p className="text-sm font-semibold">{t('reviews.sellerAnswer')}</p>
                  <p className="whitespace-pre-line">{r.answer.text}</p>
                </div>
              ) : (
                mine && (
                  <button
                    type="button"
                    className="btn btn-outline btn-sm mt-3"
                    onClick={() => setAnswering(r)}
                    aria-label={t('reviews.answerThe', { name: r.reviewer })}
                  >
                    {t('reviews.answerButton')}
                  </button>
                )
              )}
            </article>
          </li>
        ))}
      </ul>
      {mine && (
        <ReasonDialog
          key={answering?._id ?? 'none'}
          open={answering !== null}
          title={t('reviews.answerTitle')}
          text={t('reviews.answerText')}
          confirmLabel={t('reviews.publish')}
          label={t('reviews.answerField')}
          max={maxLength.review}
          hint={t('reviews.atMost', { max: digits(maxLength.review) })}
          onCancel={() => setAnswering(null)}
          onConfirm={async (text) => {
            const id = answering!._id;
            await attempt(() => answer({ id, answer: text }).unwrap(), translate('reviews.published'));
            setAnswering(null);
          }}
        />
      )}
    </>
  );
}

/** A paged list of reviews: a spinner until the first page, the words for none, then the reviews and 'Load more'. */
export function PagedReviews({ rows, more, mine = false, empty }: { rows: Review[] | undefined; more: More; mine?: boolean; empty: ReactNode }) {
  const t = useT('catalog');
  if (rows === undefined) return <Spinner label={t('reviews.loading')} />;
  if (rows.length === 0) return empty;
  return (
    <>
      <ReviewList reviews={rows} mine={mine} />
      <LoadMore more={more} />
    </>
  );
}
