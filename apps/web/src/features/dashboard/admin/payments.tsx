import type { Order } from '@market/contract';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { localDateTime, taka } from '../../../lib/format.ts';
import { paged } from '../../../lib/pages.ts';
import { usePaidOrdersInfiniteQuery, useRefundOrderMutation } from '../api.ts';
import { OrderStatus } from '../buyer/order-status.tsx';

/** The Admin's Payments (issue 17): every paid order, newest first, its receipt and any refund; a paid order can be refunded, with a reason. */
export default function Payments() {
  const list = usePaidOrdersInfiniteQuery();
  const { rows, more } = paged(list);
  const [refund] = useRefundOrderMutation();
  const [refunding, setRefunding] = useState<Order | null>(null);
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Payments</h1>
      <DataTable
        caption="Paid orders"
        columns={['Phone', 'Buyer', { label: 'Amount', className: 'whitespace-nowrap' }, 'Paid', 'Transaction id', 'Status', 'Refund']}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty="no payments yet"
        rowKey={(o) => o._id}
        cells={(o) => [
          o.productName,
          <span className="wrap-anywhere">
            {o.buyerName}
            <span className="block text-xs text-base-content/75">{o.buyerEmail}</span>
          </span>,
          `${taka(o.payment?.amount ?? o.productPrice)} tk`,
          o.payment ? <time dateTime={o.payment.paidAt}>{localDateTime(o.payment.paidAt)}</time> : '—',
          <span className="font-mono text-xs wrap-anywhere">{o.payment?.transactionId ?? '—'}</span>,
          <OrderStatus order={o} />,
          o.refund?.ofPayment ? (
            '—'
          ) : (
            <button
              type="button"
              className="btn btn-outline btn-warning btn-xs"
              onClick={() => setRefunding(o)}
              aria-label={`Refund ${o.productName} to ${o.buyerName}`}
            >
              Refund
            </button>
          ),
        ]}
      />
      <ReasonDialog
        key={refunding?._id ?? 'none'}
        open={refunding !== null}
        title="Refund this payment?"
        text={`${refunding ? taka(refunding.payment?.amount ?? refunding.productPrice) : ''} tk go back to ${refunding?.buyerName} through the provider that took them. This cannot be undone.`}
        confirmLabel="Refund"
        onCancel={() => setRefunding(null)}
        onConfirm={async (reason) => {
          const id = refunding!._id;
          setRefunding(null);
          await attempt(() => refund({ id, reason }).unwrap(), 'Refund started: the order says Refunded once the provider confirms');
        }}
      />
    </section>
  );
}
