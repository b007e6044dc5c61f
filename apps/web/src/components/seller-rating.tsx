import type { SellerRating as Rating } from '@market/contract';
import { number } from '../lib/format.ts';
import { useT } from '../lib/i18n.ts';
import { shownRating } from './rating.ts';

/** ★ and the seller's rating, with how many reviews it comes from; before any, that the seller is new, and the starting score. */
export function SellerRating({ sellerVerified, rating }: { sellerVerified: boolean; rating: Rating }) {
  useT('catalog');
  const shown = shownRating(sellerVerified, rating);
  if (shown.fresh)
    return (
      <p className="text-right">
        <span className="block font-bold">{shown.note}</span>
        <span className="block text-xs text-base-content/75" title={shown.explained}>
          {shown.label}
        </span>
      </p>
    );
  return (
    <p className="text-right">
      <span className="block text-lg font-bold" aria-label={shown.label}>
        <span aria-hidden="true" className="text-warning">
          ★{' '}
        </span>
        {number(shown.value)}
      </span>
      <span className="block text-xs text-base-content/75" aria-hidden="true" title={shown.explained}>
        {shown.note}
      </span>
    </p>
  );
}
