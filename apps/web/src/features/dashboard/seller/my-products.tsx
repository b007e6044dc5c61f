import type { Product } from '@market/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { CheckWords, useCheckState } from '../../../components/check-notice.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { localDate, number, priceTk } from '../../../lib/format.ts';
import { translate, useT, type Key } from '../../../lib/i18n.ts';
import { useRenewProductMutation } from '../../../lib/listing-term-api.ts';
import { notify } from '../../../lib/notify.ts';
import { paged } from '../../../lib/pages.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useDeleteProductMutation } from '../api.ts';
import { useAdvertiseProductMutation, useHideProductMutation, useMarkSoldMutation, useSellerProductsInfiniteQuery, useStopAdvertisingMutation } from './api.ts';

/** A listing's status, by its text's id (the contract's value is what the API says); a held one's says its check. */
const statusName: Record<Exclude<Product['status'], 'pending'>, Key<'dashboard'>> = {
  available: 'myProducts.available',
  reserved: 'myProducts.reserved',
  sold: 'myProducts.sold',
  expired: 'myProducts.expired',
};
const statusBadge: Record<Product['status'], string> = {
  pending: 'badge-info',
  available: 'badge-success',
  reserved: 'badge-warning',
  sold: 'badge-neutral',
  expired: 'badge-error text-white',
};

const DAY = 86_400_000;
/** Days before its end a listing on sale says so, with its "Still available" (the API's reminder: issue 36). */
const WARN_DAYS = 5;

/**
 * A listing's term (issue 36), under its status: on sale until when; within 5 days of its end, how many days are left
 * and the "Still available" that renews it. Expired ones have their Renew beside the status.
 */
function Term({ product: p, now, onRenew }: { product: Product; now: number; onRenew: (p: Product) => void }) {
  const t = useT('dashboard');
  if (p.status !== 'available' || !p.expiresAt) return null;
  const left = new Date(p.expiresAt).getTime() - now;
  return (
    <div className="flex basis-full flex-wrap items-center gap-2 text-sm">
      {left <= WARN_DAYS * DAY && (
        <>
          <span className="badge badge-warning">{t('myProducts.expiresIn', { days: Math.max(1, Math.ceil(left / DAY)) })}</span>
          <button
            type="button"
            className="btn btn-primary btn-xs"
            onClick={() => onRenew(p)}
            aria-label={t('myProducts.stillAvailableLabel', { name: p.productName })}
          >
            {t('myProducts.stillAvailable')}
          </button>
        </>
      )}
      <span className="text-base-content/75">{t('myProducts.onSaleUntil', { date: localDate(p.expiresAt) })}</span>
    </div>
  );
}

/** Its status badge: a listing held for a check (issue 36) says waiting or not approved, and why, in the seller's words. */
function Status({ product: p }: { product: Product }) {
  const t = useT('dashboard');
  const checkState = useCheckState();
  if (p.status !== 'pending' || !p.check)
    return <span className={`badge ${statusBadge[p.status]}`}>{t(statusName[p.status === 'pending' ? 'available' : p.status])}</span>;
  return (
    <div className="basis-full space-y-1 sm:max-w-xs">
      <span className={`badge h-auto ${p.check.state === 'waiting' ? statusBadge.pending : 'badge-error text-white'}`}>{checkState(p.check)}</span>
      <CheckWords check={p.check} />
    </div>
  );
}

export default function MyProducts() {
  const { user } = useAuth();
  const list = useSellerProductsInfiniteQuery(user?._id ?? '', { skip: !user });
  const { rows, more } = paged(list);
  const [advertise] = useAdvertiseProductMutation();
  const [stopAdvertising] = useStopAdvertisingMutation();
  const [markSold] = useMarkSoldMutation();
  const [remove] = useDeleteProductMutation();
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap());
  const [selling, setSelling] = useState<Product | null>(null);
  const [hide] = useHideProductMutation();
  const [hiding, setHiding] = useState<Product | null>(null);
  const [renew] = useRenewProductMutation();
  // When the page opened: how many days each listing has left.
  const [now] = useState(() => Date.now());
  const t = useT('dashboard');

  // Renewing asks nothing: it only keeps the listing on sale longer (or back on sale), and changes nothing else.
  const onRenew = async (product: Product) => {
    try {
      const renewed = await renew(product._id).unwrap();
      notify.success(t('myProducts.renewed', { date: renewed.expiresAt ? localDate(renewed.expiresAt) : '' }));
    } catch (err) {
      notify.error(errorMessage(err, translate('toast.somethingWentWrong')));
    }
  };

  const onSold = async () => {
    const product = selling;
    setSelling(null);
    if (product) await attempt(() => markSold(product._id).unwrap(), t('myProducts.marked'));
  };

  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">{t('myProducts.title')}</h1>
      <DataTable
        caption={t('myProducts.caption')}
        columns={[
          { label: '', rowHeader: true },
          t('dashCol.image'),
          t('dashCol.name'),
          { label: t('dashCol.price'), className: 'whitespace-nowrap' },
          t('myProducts.saves'),
          t('dashCol.status'),
          t('myProducts.advertise'),
          t('dashCol.delete'),
        ]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty={t('myProducts.empty')}
        rowKey={(p) => p._id}
        cells={(p, i) => [
          number(i + 1),
          <img src={p.img} alt={p.productName} width="48" height="48" className="h-12 w-12 rounded-lg object-cover" loading="lazy" />,
          // The phone's own page, as buyers see it (issue 35).
          <Link to={`/detail-product/${p._id}`} className="link link-hover font-medium">
            {p.productName}
          </Link>,
          priceTk(p.resalePrice),
          // How many people saved it (issue 34): its seller's to see only.
          <span title={t('myProducts.savesLabel', { count: p.saves ?? 0 })}>{number(p.saves ?? 0)}</span>,
          <div className="flex flex-wrap items-center gap-2">
            <Status product={p} />
            {p.status === 'expired' && (
              <button
                type="button"
                className="btn btn-primary btn-xs"
                onClick={() => void onRenew(p)}
                aria-label={t('myProducts.renewLabel', { name: p.productName })}
              >
                {t('myProducts.renew')}
              </button>
            )}
            {/* An expired listing can be edited too: it stays expired until renewed. */}
            {(p.status === 'available' || p.status === 'pending' || p.status === 'expired') && (
              <Link to={`/dashboard/edit-product/${p._id}`} className="btn btn-outline btn-xs" aria-label={t('editProduct.title', { name: p.productName })}>
                {t('dashList.edit')}
              </Link>
            )}
            {/* Marked sold once it is live (an expired one may have been sold elsewhere): a held listing is not for sale yet. */}
            {(p.status === 'available' || p.status === 'expired') && (
              <>
                <button
                  type="button"
                  className="btn btn-outline btn-xs"
                  onClick={() => setSelling(p)}
                  aria-label={t('myProducts.markSoldLabel', { name: p.productName })}
                >
                  {t('myProducts.markSold')}
                </button>
              </>
            )}
            <Term product={p} now={now} onRenew={(product) => void onRenew(product)} />
          </div>,
          p.status === 'available' && !p.advertise ? (
            <button type="button" className="btn btn-primary btn-xs" onClick={() => attempt(() => advertise(p._id).unwrap(), t('myProducts.advertiseDone'))}>
              {t('myProducts.advertise')}
            </button>
          ) : p.advertise ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="badge badge-info">{t('myProducts.advertised')}</span>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={() => attempt(() => stopAdvertising(p._id).unwrap(), t('myProducts.stopped'))}
                aria-label={t('myProducts.stopLabel', { name: p.productName })}
              >
                {t('myProducts.stop')}
              </button>
            </div>
          ) : null,
          // A sold listing is never deleted (its buyer's order and review belong to it): its seller hides it (issue 29).
          // A reserved phone's deal goes on in Booking Requests: the handover, or calling it off (issue 31).
          p.status === 'reserved' ? (
            <Link to="/dashboard/bookings" className="btn btn-outline btn-xs" aria-label={t('myProducts.dealLabel', { name: p.productName })}>
              {t('myProducts.deal')}
            </Link>
          ) : p.status === 'sold' ? (
            <button
              type="button"
              className="btn btn-outline btn-xs"
              onClick={() => setHiding(p)}
              aria-label={t('myProducts.hideLabel', { name: p.productName })}
            >
              {t('myProducts.hide')}
            </button>
          ) : (
            <DeleteButton label={t('myProducts.deleteLabel', { name: p.productName })} onClick={() => ask(p._id)} />
          ),
        ]}
      />
      {dialog}
      <ConfirmDialog
        open={selling !== null}
        title={t('myProducts.soldTitle')}
        text={selling ? t('myProducts.soldText', { name: selling.productName }) : ''}
        confirmLabel={t('myProducts.soldConfirm')}
        onCancel={() => setSelling(null)}
        onConfirm={onSold}
      />
      <ConfirmDialog
        open={hiding !== null}
        title={t('myProducts.hideTitle')}
        text={hiding ? t('myProducts.hideText', { name: hiding.productName }) : ''}
        confirmLabel={t('myProducts.hideConfirm')}
        onCancel={() => setHiding(null)}
        onConfirm={async () => {
          const product = hiding;
          setHiding(null);
          if (product) await attempt(() => hide(product._id).unwrap(), t('myProducts.hidden'));
        }}
      />
    </section>
  );
}
