import type { Order } from '@market/contract';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { localDateTime, priceTk } from '../../../lib/format.ts';
import { translate, useT } from '../../../lib/i18n.ts';
import { paged } from '../../../lib/pages.ts';
import { usePaidOrdersInfiniteQuery, useRefundOrderMutation } from './api.ts';
import { OrderStatus } from '../order-status.tsx';

/** What the buyer paid: the payment's amount, the price for an order paid before payments kept theirs. */
const paidAmount = (o: Order) => o.payment?.amount ?? o.productPrice;

/** The Admin's Payments (issue 17): every paid order, newest first, its receipt and any refund; a paid order can be refunded, with a reason. */
export default function Payments() {
  const t = useT('admin');
  const list = usePaidOrdersInfiniteQuery();
  const { rows, more } = paged(list);
  const [refund] = useRefundOrderMutation();
  const [refunding, setRefunding] = useState<Order | null>(null);
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">{t('payments.title')}</h1>
      <DataTable
        caption={t('payments.caption')}
        columns={[
          t('payments.phone'),
          t('payments.buyer'),
          { label: t('payments.amount'), className: 'whitespace-nowrap' },
          t('payments.paid'),
          t('payments.transaction'),
          t('payments.status'),
          t('payments.refundColumn'),
        ]}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty={t('payments.empty')}
        rowKey={(o) => o._id}
        cells={(o) => [
          o.productName,
          <span className="wrap-anywhere">
            {o.buyerName}
            <span className="block text-xs text-base-content/75">{o.buyerEmail}</span>
          </span>,
          priceTk(paidAmount(o)),
          o.payment ? <time dateTime={o.payment.paidAt}>{localDateTime(o.payment.paidAt)}</time> : '—',
          <span className="font-mono text-xs wrap-anywhere">{o.payment?.transactionId ?? '—'}</span>,
          <OrderStatus order={o} nextStep={false} />,
          o.refund?.ofPayment ? (
            '—'
          ) : (
            <button
              type="button"
              className="btn btn-outline btn-warning btn-xs"
              onClick={() => setRefunding(o)}
              aria-label={t('payments.refundOf', { phone: o.productName, buyer: o.buyerName })}
            >
              {t('payments.refund')}
            </button>
          ),
        ]}
      />
      <ReasonDialog
        key={refunding?._id ?? 'none'}
        open={refunding !== null}
        title={t('payments.refundTitle')}
        text={refunding ? t('payments.refundText', { amount: priceTk(paidAmount(refunding)), buyer: refunding.buyerName }) : ''}
        confirmLabel={t('payments.refund')}
        onCancel={() => setRefunding(null)}
        onConfirm={async (reason) => {
          const id = refunding!._id;
          setRefunding(null);
          await attempt(() => refund({ id, reason }).unwrap(), translate('payments.refundStarted'));
        }}
      />
    </section>
  );
}
