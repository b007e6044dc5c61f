import type { ReactNode } from 'react';
import { priceBdt } from '../../lib/format.ts';

/**
 * The phone page's main action (issue 35) and, on a phone's screen (below md), the bar it sits in at the bottom of the
 * screen beside the price: on the first screen and in reach all the way down the specs. One element, placed in the
 * page after the price, condition and place: one stop for the keyboard and for a screen reader, and the same control
 * at every width (from md up it is part of the row of the page's actions). `fixed` false (a phone not for sale now:
 * nothing to do) leaves the action in the page; `price` null (the seller's own phone) leaves the bar its buttons only,
 * on one line. The page leaves room for the bar at its bottom (index.css).
 */
export function ActionBar({ price, fixed, children }: { price: number | null; fixed: boolean; children: ReactNode }) {
  if (!fixed) return children;
  return (
    <div
      data-bottom-bar=""
      className="fixed inset-x-0 bottom-0 z-30 flex flex-wrap items-center justify-end gap-x-3 gap-y-1 border-t border-base-300 bg-base-100 px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-2px_8px_rgb(0_0_0/0.08)] md:contents"
    >
      {/* The price beside the action; a screen reader has just read it above. */}
      {price !== null && (
        <span aria-hidden="true" className="mr-auto text-xl font-bold whitespace-nowrap text-primary md:hidden">
          {priceBdt(price)}
        </span>
      )}
      {children}
    </div>
  );
}
