import { Fragment, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type SyntheticEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { number, priceTk } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { setPriceRange, type ProductState } from './product-slice.ts';
import type { SearchArgs } from './search-api.ts';
import { priceBound } from './search-params.ts';

type Bounds = { min: number | null; max: number | null } | undefined;

/** How long the arrow keys must rest on a handle before its price applies. */
const KEY_REST_MS = 400;

/** The slider moves in steps that suit the track: 100 tk on a short one, 1,000 tk on a long one. */
const stepFor = (span: number) => (span > 200_000 ? 1000 : span > 20_000 ? 500 : 100);

/**
 * The price filter: a slider with two handles over the prices of the matches (`track`: the price
 * facet, without the price filter itself) and two number boxes that take '25,000' as well, in Bangla digits
 * too ('১২০০০', '১,২৫,০০০': search-params.ts's priceBound reads both). Both show
 * the product slice's range (decision 021): dragging moves the boxes, typing moves the handles.
 * Letting go of a handle, Enter in a box or 'Apply price' applies it; a handle at the end of the track
 * leaves that side open. Before the app runs, the boxes and 'Apply price' belong to the filters' plain form
 * (search-filters.tsx): Enter or the button sends it, and the handles, which could not, wait for the app.
 */
export function PriceRange({ args, track, onChange }: { args: SearchArgs; track: Bounds; onChange(next: SearchArgs): void }) {
  const dispatch = useDispatch();
  const t = useT('catalog');
  const stored = useSelector((s: { product: ProductState }) => s.product.querys);
  const [texts, setTexts] = useState([args.minPrice, args.maxPrice].map((v) => (v === undefined ? '' : number(v))));
  const lo = track?.min != null ? Math.min(track.min, args.minPrice ?? track.min) : null;
  const hi = track?.max != null ? Math.max(track.max, args.maxPrice ?? track.max) : null;
  const slider = lo !== null && hi !== null && hi > lo;

  // The applied range (the URL's) or the whole track: where the handles start, before the first paint.
  const start = { lowPrice: args.minPrice ?? lo ?? 0, hightPrice: args.maxPrice ?? hi ?? 0 };
  const tracked = lo !== null && hi !== null;
  useLayoutEffect(() => {
    if (tracked) dispatch(setPriceRange({ lowPrice: start.lowPrice, hightPrice: start.hightPrice }));
  }, [dispatch, tracked, start.lowPrice, start.hightPrice]);
  // The server's render and the hydrating one draw that start: the slice there still holds its first range
  // (the spec's 100-1000), and a handle moved as the app took over jumped to it (a minimum price of 1,000).
  const hydrated = useHydrated();
  const range = hydrated ? stored : start;

  const apply = (low: number | undefined, high: number | undefined) => {
    if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low];
    const minPrice = low === lo ? undefined : low;
    const maxPrice = high === hi ? undefined : high;
    // A handle tapped but not moved changes nothing (and adds no history entry).
    if (minPrice !== args.minPrice || maxPrice !== args.maxPrice) onChange({ ...args, minPrice, maxPrice });
  };
  /** The typed prices applied, instead of the plain form's sending (the app is running). */
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    apply(priceBound(texts[0]!), priceBound(texts[1]!));
  };
  const type = (i: 0 | 1, text: string) => {
    const next = [...texts];
    next[i] = text;
    setTexts(next);
    const amount = priceBound(text);
    if (amount !== undefined && slider) dispatch(setPriceRange(i === 0 ? { ...range, lowPrice: amount } : { ...range, hightPrice: amount }));
  };
  const drag = (i: 0 | 1, amount: number) => {
    // The handles do not cross: each stops at the other.
    const next = i === 0 ? { ...range, lowPrice: Math.min(amount, range.hightPrice) } : { ...range, hightPrice: Math.max(amount, range.lowPrice) };
    dispatch(setPriceRange(next));
    setTexts([number(next.lowPrice), number(next.hightPrice)]);
  };
  const letGo = () => apply(range.lowPrice, range.hightPrice);
  // Arrow keys move a handle step by step: the price applies once they rest, not at every step.
  const resting = useRef<ReturnType<typeof setTimeout>>(undefined);
  const keyed = () => {
    clearTimeout(resting.current);
    resting.current = setTimeout(letGo, KEY_REST_MS);
  };
  // Leaving the page (or a new range from the URL) drops a price still waiting to apply.
  useEffect(() => () => clearTimeout(resting.current), []);

  const boxes = [
    { label: t('priceRange.lowest'), bound: track?.min, fallback: t('priceRange.min') },
    { label: t('priceRange.highest'), bound: track?.max, fallback: t('priceRange.max') },
  ];
  const at = (v: number) => (slider ? ((Math.min(Math.max(v, lo), hi) - lo) / (hi - lo)) * 100 : 0);
  return (
    <fieldset>
      <legend className="mb-2 font-semibold">{t('priceRange.legend')}</legend>
      {slider && (
        <div className="dual-range mb-3" style={{ '--from': `${at(range.lowPrice)}%`, '--to': `${at(range.hightPrice)}%` } as CSSProperties}>
          {boxes.map((box, i) => (
            <input
              key={i}
              type="range"
              aria-label={t('priceRange.slider', { label: box.label })}
              aria-valuetext={priceTk(i === 0 ? range.lowPrice : range.hightPrice)}
              disabled={!hydrated}
              min={lo}
              max={hi}
              step={stepFor(hi - lo)}
              value={Math.min(Math.max(i === 0 ? range.lowPrice : range.hightPrice, lo), hi)}
              onChange={(e) => drag(i as 0 | 1, Number(e.target.value))}
              onPointerUp={letGo}
              onKeyUp={(e) => (e.key.startsWith('Arrow') || e.key.startsWith('Page') || e.key === 'Home' || e.key === 'End' ? keyed() : undefined)}
            />
          ))}
        </div>
      )}
      <div className="flex items-center gap-2">
        {boxes.map((box, i) => (
          <Fragment key={i}>
            {i > 0 && <span aria-hidden="true">–</span>}
            <input
              inputMode="numeric"
              name={i === 0 ? 'minPrice' : 'maxPrice'}
              aria-label={box.label}
              placeholder={box.bound != null ? number(box.bound) : box.fallback}
              className="input input-bordered input-sm w-full"
              value={texts[i]}
              onChange={(e) => type(i as 0 | 1, e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && !e.nativeEvent.isComposing && submit(e)}
            />
          </Fragment>
        ))}
      </div>
      <button type="submit" className="btn btn-outline btn-sm mt-2 w-full" onClick={submit}>
        {t('priceRange.apply')}
      </button>
    </fieldset>
  );
}
