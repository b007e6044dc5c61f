import type { Product } from '@market/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { attempt } from '../../../lib/attempt.ts';
import { taka } from '../../../lib/format.ts';
import { paged } from '../../../lib/pages.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import {
  useAdvertiseProductMutation,
  useDeleteProductMutation,
  useMarkSoldMutation,
  useSellerProductsInfiniteQuery,
  useStopAdvertisingMutation,
} from '../api.ts';

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

  const onSold = async () => {
    const product = selling;
    setSelling(null);
    if (product) await attempt(() => markSold(product._id).unwrap(), 'Marked as sold');
  };

  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">My Products</h1>
      <DataTable
        caption="My products"
        columns={[{ label: '', rowHeader: true }, 'Image', 'Name', { label: 'Price', className: 'whitespace-nowrap' }, 'Status', 'Advertise', 'Delete']}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty="no product found"
        rowKey={(p) => p._id}
        cells={(p, i) => [
          i + 1,
          <img src={p.img} alt={p.productName} width="48" height="48" className="h-12 w-12 rounded-lg object-cover" loading="lazy" />,
          p.productName,
          `${taka(p.resalePrice)} tk`,
          <div className="flex flex-wrap items-center gap-2">
            <span className={`badge ${p.status === 'available' ? 'badge-success' : 'badge-neutral'}`}>{p.status}</span>
            {p.status === 'available' && (
              <>
                <Link to={`/dashboard/edit-product/${p._id}`} className="btn btn-outline btn-xs" aria-label={`Edit ${p.productName}`}>
                  Edit
                </Link>
                <button type="button" className="btn btn-outline btn-xs" onClick={() => setSelling(p)} aria-label={`Mark sold: ${p.productName}`}>
                  Mark sold
                </button>
              </>
            )}
          </div>,
          p.status === 'available' && !p.advertise ? (
            <button type="button" className="btn btn-primary btn-xs" onClick={() => attempt(() => advertise(p._id).unwrap(), 'advertise successful')}>
              Advertise
            </button>
          ) : p.advertise ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="badge badge-info">Advertised</span>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={() => attempt(() => stopAdvertising(p._id).unwrap(), 'Advertising stopped')}
                aria-label={`Stop advertising ${p.productName}`}
              >
                Stop
              </button>
            </div>
          ) : null,
          <DeleteButton label={`Delete ${p.productName}`} onClick={() => ask(p._id)} />,
        ]}
      />
      {dialog}
      <ConfirmDialog
        open={selling !== null}
        title="Mark as sold?"
        text={selling ? `${selling.productName} leaves the shop, and its open bookings can no longer be paid. This cannot be undone.` : ''}
        confirmLabel="Yes, it is sold!"
        onCancel={() => setSelling(null)}
        onConfirm={onSold}
      />
    </section>
  );
}
