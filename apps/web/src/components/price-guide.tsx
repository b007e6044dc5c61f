import type { Condition, PriceGuide } from '@market/contract';
import { number, priceBdt } from '../lib/format.ts';
import { useT } from '../lib/i18n.ts';
import { usePriceGuideQuery } from '../lib/shared-api.ts';

/** The guide of a key, once the key is whole (a model, a storage size, a condition); undefined until then or while none. */
export function useGuide(key: { model: string | null | undefined; storage: number | null | undefined; condition: Condition | '' | undefined }) {
  const whole = key.model && key.storage && key.condition ? { model: key.model, storage: key.storage, condition: key.condition } : null;
  const { data } = usePriceGuideQuery(whole ?? { model: '', storage: 0, condition: 'Good' }, { skip: !whole });
  return whole ? (data ?? undefined) : undefined;
}

/** How a price stands against the guide: taka under or over its median. */
export function againstGuide(price: number, guide: PriceGuide): { side: 'below' | 'above' | 'at'; by: number } {
  const by = Math.abs(price - guide.median);
  return { side: price < guide.median ? 'below' : price > guide.median ? 'above' : 'at', by };
}

const counted = (g: PriceGuide) => ({ count: g.count, shown: number(g.count) });

/** The listing form's line under the price (issue 34): what such phones sold for here, or what they ask. */
export function GuideRange({ guide, id }: { guide: PriceGuide | undefined; id?: string }) {
  const t = useT();
  if (!guide) return null;
  const values = { ...counted(guide), low: priceBdt(guide.low), high: priceBdt(guide.high), days: number(guide.days) };
  return (
    <p id={id} className="text-sm text-base-content/80 sm:col-span-2">
      {t(guide.basis === 'sales' ? 'guide.soldFor' : 'guide.asking', values)}
    </p>
  );
}

/** The phone page's badge (issue 34): how its price stands against the usual price of its model, storage and condition. */
export function GuideBadge({ guide, price }: { guide: PriceGuide | undefined; price: number }) {
  const t = useT();
  if (!guide) return null;
  const { side, by } = againstGuide(price, guide);
  const sales = guide.basis === 'sales';
  const key =
    side === 'below'
      ? sales
        ? 'guide.below'
        : 'guide.belowAsking'
      : side === 'above'
        ? sales
          ? 'guide.above'
          : 'guide.aboveAsking'
        : sales
          ? 'guide.at'
          : 'guide.atAsking';
  const tone = side === 'below' ? 'badge-success' : side === 'above' ? 'badge-warning' : 'badge-ghost';
  return <span className={`badge ${tone} h-auto min-h-6 py-1 text-left`}>{t(key, { ...counted(guide), by: priceBdt(by) })}</span>;
}
