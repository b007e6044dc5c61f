import type { Conversation } from '@market/contract';
import { priceTk } from '../../lib/format.ts';
import { phoneState, phoneStateName, stateBadge } from './words.ts';

type Phone = Conversation['product'];

/** A conversation's phone as a 56 px square: its cover photo, or a plain square once it has none (issue 33). */
export function PhoneThumb({ product, lazy = false }: { product: Phone; lazy?: boolean }) {
  if (!product.image) return <span className="h-14 w-14 shrink-0 rounded-lg bg-base-300" aria-hidden="true" />;
  return (
    <img
      src={product.image.url}
      srcSet={product.image.srcset || undefined}
      sizes="56px"
      alt=""
      width="56"
      height="56"
      loading={lazy ? 'lazy' : undefined}
      className="h-14 w-14 shrink-0 rounded-lg object-cover"
    />
  );
}

/** A conversation's phone's price (while it has one) and whether it is still for sale, as a badge. */
export function PriceAndState({ product }: { product: Phone }) {
  const state = phoneState(product);
  return (
    <>
      {product.price !== null && <span>{priceTk(product.price)}</span>}
      <span className={`badge badge-sm ${stateBadge[state]}`}>{phoneStateName(state)}</span>
    </>
  );
}
