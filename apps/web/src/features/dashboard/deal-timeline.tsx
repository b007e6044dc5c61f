import type { DealEvent, DealTransitionName, Order } from '@market/contract';
import { useId, useState } from 'react';
import { Icon } from '../../components/icon.tsx';
import { useModal } from '../../components/use-modal.ts';
import { localDateTime } from '../../lib/format.ts';
import { useT, type Key } from '../../lib/i18n.ts';
import { useBookingEventsQuery, useOrderEventsQuery } from './api.ts';

/** What each move of a deal reads as in its timeline (deal.ts: who makes it is part of the words). */
const said: Record<DealTransitionName, Key<'dashboard'>> = {
  book: 'timeline.book',
  accept: 'timeline.accept',
  decline: 'timeline.decline',
  expire: 'timeline.expire',
  cancel: 'timeline.cancel',
  pay: 'timeline.pay',
  close: 'timeline.close',
  refund: 'timeline.refund',
  hand_over: 'timeline.hand_over',
  complete: 'timeline.complete',
  lock: 'timeline.lock',
  call_off: 'timeline.call_off',
  dispute: 'timeline.dispute',
  release: 'timeline.release',
};

/** The events, oldest first, each with its time; asked only once the dialog is open. */
function Events({ order, side }: { order: Order; side: 'buyer' | 'seller' }) {
  const t = useT('dashboard');
  const asBuyer = useOrderEventsQuery(order._id, { skip: side !== 'buyer' });
  const asSeller = useBookingEventsQuery(order._id, { skip: side !== 'seller' });
  const { data, isError } = side === 'buyer' ? asBuyer : asSeller;
  if (isError) return <p role="alert">{t('timeline.failed')}</p>;
  if (!data) return <p aria-busy="true">{t('timeline.loading')}</p>;
  return (
    <ol className="timeline timeline-vertical timeline-compact">
      {data.map((e: DealEvent, i) => (
        <li key={i}>
          {i > 0 && <hr />}
          <div className="timeline-middle">
            <span className="block h-2.5 w-2.5 rounded-full bg-primary" aria-hidden="true" />
          </div>
          <div className="timeline-end mb-3">
            <time dateTime={e.at} className="block text-sm text-base-content/75">
              {localDateTime(e.at)}
            </time>
            {t(said[e.transition], { by: e.by })}
          </div>
          {i < data.length - 1 && <hr />}
        </li>
      ))}
    </ol>
  );
}

/**
 * A deal's timeline (issue 31, item 7): a small button beside its state that opens every move so far, oldest
 * first — booked, accepted, paid, refunded… — each with when and by whom.
 */
export function DealTimeline({ order, side }: { order: Order; side: 'buyer' | 'seller' }) {
  const t = useT('dashboard');
  const [open, setOpen] = useState(false);
  const ref = useModal(open);
  const titleId = useId();
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-xs btn-square"
        onClick={() => setOpen(true)}
        aria-label={t('timeline.open', { product: order.productName })}
        title={t('timeline.title')}
      >
        <Icon name="clock" className="h-4 w-4" />
      </button>
      {/* Only while open: a closed one would add its words to the row's. */}
      {open && (
        <dialog ref={ref} className="modal" onCancel={() => setOpen(false)} onClose={() => setOpen(false)} aria-labelledby={titleId}>
          <div className="modal-box">
            <h2 id={titleId} className="text-xl font-semibold">
              {t('timeline.heading', { product: order.productName })}
            </h2>
            <Events order={order} side={side} />
            <div className="mt-4 flex justify-end">
              <button type="button" className="btn" onClick={() => setOpen(false)}>
                {t('dialog.close')}
              </button>
            </div>
          </div>
        </dialog>
      )}
    </>
  );
}
