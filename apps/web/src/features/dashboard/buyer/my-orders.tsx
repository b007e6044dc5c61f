import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { DeleteButton, useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { taka } from '../../../lib/format.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useDeleteOrderMutation, useMyOrdersInfiniteQuery } from '../api.ts';
import { paged } from '../../../lib/pages.ts';

export default function MyOrders() {
  const { user } = useAuth();
  const list = useMyOrdersInfiniteQuery(user?._id ?? '', { skip: !user });
  const { rows, more } = paged(list);
  const [remove] = useDeleteOrderMutation();
  const { ask, dialog } = useConfirmDelete((id) => remove(id).unwrap());
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">My Orders</h1>
      <DataTable
        caption="My orders"
        columns={['Image', 'Name', { label: 'Price', className: 'whitespace-nowrap' }, 'Location', "Seller's number", 'Status', 'Delete']}
        rows={rows}
        loading={list.isLoading}
        more={more}
        empty="no orders found"
        rowKey={(o) => o._id}
        cells={(o) => [
          <img src={o.productImg} alt={o.productName} width="48" height="48" className="h-12 w-12 rounded-lg object-cover" loading="lazy" />,
          o.productName,
          `${taka(o.productPrice)} tk`,
          o.meetingLocation,
          o.sellerPhone ? <PhoneLink number={o.sellerPhone} /> : '—',
          o.paid ? (
            <span className="badge badge-success">Paid</span>
          ) : o.declined ? (
            <span className="badge badge-ghost whitespace-nowrap">Declined by seller</span>
          ) : o.soldToAnother ? (
            <span className="badge badge-ghost whitespace-nowrap">Sold to another buyer</span>
          ) : (
            <Link to={`/dashboard/payment/${o._id}`} className="btn btn-primary btn-xs">
              Pay
            </Link>
          ),
          <DeleteButton label={`Delete order of ${o.productName}`} onClick={() => ask(o._id)} />,
        ]}
      />
      {dialog}
    </section>
  );
}
